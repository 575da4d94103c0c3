import fs from 'node:fs/promises';
import path from 'node:path';

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-zA-Z0-9_-][a-zA-Z0-9._-]*)+$/;

/** Media files under one root folder, addressed by keys such as `flags/12-abc.webp`. */
export class LocalMediaStorage {
  constructor(readonly root: string) {}

  /** The file for a key; refuses anything that could leave the media root. */
  pathFor(key: string): string {
    if (!KEY_PATTERN.test(key) || key.includes('..'))
      throw new Error(`Invalid media key ${JSON.stringify(key)}`);
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) throw new Error('Media key escapes the media root');
    return resolved;
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathFor(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write beside the target and rename, so a reader never sees half a file.
    const partial = `${file}.partial`;
    await fs.writeFile(partial, data);
    await fs.rename(partial, file);
  }

  async remove(key: string | null | undefined): Promise<void> {
    if (!key) return;
    await fs.rm(this.pathFor(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.pathFor(key));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Moves a finished file or folder (written elsewhere on the same disk) into place under a key, so readers
   * never see it half-written; falls back to copy and delete across disks.
   */
  async moveIn(key: string, from: string): Promise<void> {
    const target = this.pathFor(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(from, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      const partial = `${target}.partial`;
      await fs.cp(from, partial, { recursive: true });
      await fs.rename(partial, target);
      await fs.rm(from, { recursive: true, force: true });
    }
  }

  /** Removes a key that may be a folder (an HLS ladder). */
  async removeTree(key: string | null | undefined): Promise<void> {
    if (!key) return;
    await fs.rm(this.pathFor(key), { recursive: true, force: true });
  }

  async sizeOf(key: string): Promise<number> {
    return (await fs.stat(this.pathFor(key))).size;
  }

  /** The address under which the app serves a public media key. */
  publicUrl(key: string | null): string | null {
    return key ? `/media/${key}` : null;
  }
}
