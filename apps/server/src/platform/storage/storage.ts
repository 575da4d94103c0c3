import fs from 'node:fs/promises';
import path from 'node:path';

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-zA-Z0-9_-][a-zA-Z0-9._-]*)+$/;

/** Throws for a key that is not of our shape (or could climb out of its root). */
export function checkMediaKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.includes('..'))
    throw new Error(`Invalid media key ${JSON.stringify(key)}`);
  return key;
}

/** Public media (images, flags, avatars, post covers, preview sprites): the prefixes anyone may read. */
export const PUBLIC_MEDIA_PREFIXES = ['images/', 'flags/', 'avatars/', 'posts/'] as const;

/** A media file a caller needs on the local disk (ffmpeg's input); `release()` removes a temporary copy. */
export interface LocalFile {
  path: string;
  release(): Promise<void>;
}

/** An object of a bucket as listed: its key, size and ETag. */
export interface StoredObject {
  key: string;
  size: number;
  etag: string;
}

/**
 * Where media lives, addressed by keys such as `flags/12-abc.webp`: a folder on this machine (the embedded
 * default) or an S3-compatible bucket (STORAGE=s3). Services only see this interface.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType?: string): Promise<void>;
  remove(key: string | null | undefined): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Moves a finished local file or folder into place under a key (readers never see it half-written). */
  moveIn(key: string, from: string): Promise<void>;
  /** Removes a key that may be a folder (an HLS ladder). */
  removeTree(key: string | null | undefined): Promise<void>;
  sizeOf(key: string): Promise<number>;
  /** A small text file (a variant playlist); undefined when missing. */
  readText(key: string): Promise<string | undefined>;
  /** The file on the local disk: the stored file itself, or a copy downloaded into `tmpDir`. */
  localFile(key: string, tmpDir: string): Promise<LocalFile>;
  /** The address under which browsers get a public media key. */
  publicUrl(key: string | null): string | null;
  /** A short-lived direct address of a key (object storage); undefined when the app sends the bytes itself. */
  signedUrl(key: string, ttlSeconds: number): Promise<string | undefined>;
  /** Origins browsers fetch media from besides the site itself (for the Content-Security-Policy). */
  readonly origins: string[];
  /** Object storage: every object with its ETag (a backup lists them; the bucket keeps the bytes). */
  listObjects?(): AsyncGenerator<StoredObject>;
}

/** Media files under one root folder. */
export class LocalDiskStorage implements MediaStorage {
  readonly kind = 'local' as const;
  readonly origins: string[] = [];
  constructor(readonly root: string) {}

  /** The file for a key; refuses anything that could leave the media root. */
  pathFor(key: string): string {
    checkMediaKey(key);
    const resolved = path.resolve(this.root, key);
    if (!resolved.startsWith(this.root + path.sep)) throw new Error('Media key escapes the media root');
    return resolved;
  }

  async put(key: string, data: Buffer, _contentType?: string): Promise<void> {
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

  async readText(key: string): Promise<string | undefined> {
    return fs.readFile(this.pathFor(key), 'utf8').catch(() => undefined);
  }

  async localFile(key: string): Promise<LocalFile> {
    return { path: this.pathFor(key), release: async () => {} };
  }

  /** The address under which the app serves a public media key. */
  publicUrl(key: string | null): string | null {
    return key ? `/media/${key}` : null;
  }

  async signedUrl(): Promise<string | undefined> {
    return undefined;
  }
}
