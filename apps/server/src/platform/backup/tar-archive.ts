import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import {
  type ArchiveFile,
  BackupError,
  MANIFEST_ENTRY,
  MANIFEST_SUM_ENTRY,
  type Manifest,
  manifestSchema,
} from './manifest.js';

/** The manifest of a very large library (a line per file) still fits; more is not a manifest. */
const MAX_MANIFEST_BYTES = 256 * 1024 * 1024;

export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** A file's size and SHA-256, read once; undefined when it is gone. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string } | undefined> {
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Writes the archive: the manifest, its SHA-256, then each file of `manifest.files` read from `diskPathOf` (in that
 * order). A file that changed since it was hashed fails the archive rather than storing what the manifest does not
 * say. Written beside `target` and renamed into place at the end, so a failed run leaves no half archive.
 * Answers the archive's size.
 */
export async function writeArchive(
  target: string,
  manifest: Manifest,
  diskPathOf: (file: ArchiveFile) => string,
): Promise<number> {
  const partial = `${target}.partial`;
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(partial));
  const mtime = new Date(manifest.created_at);
  try {
    const manifestText = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    pack.entry({ name: MANIFEST_ENTRY, size: manifestText.length, mtime }, manifestText);
    const sum = Buffer.from(`${sha256(manifestText)}\n`);
    pack.entry({ name: MANIFEST_SUM_ENTRY, size: sum.length, mtime }, sum);
    for (const file of manifest.files) await addFile(pack, file, diskPathOf(file), mtime);
    pack.finalize();
    await written;
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  await fs.promises.rename(partial, target);
  return (await fs.promises.stat(target)).size;
}

async function addFile(pack: tar.Pack, file: ArchiveFile, diskPath: string, mtime: Date): Promise<void> {
  let done!: (error?: Error | null) => void;
  const finished = new Promise<void>((resolve, reject) => {
    done = (error) => (error ? reject(error) : resolve());
  });
  const entry = pack.entry({ name: file.path, size: file.size, mtime }, (error) => done(error));
  const hash = createHash('sha256');
  let read = 0;
  try {
    if (file.size > 0) {
      const stream = fs.createReadStream(diskPath, {
        start: 0,
        end: file.size - 1,
        highWaterMark: 1024 * 1024,
      });
      for await (const chunk of stream) {
        hash.update(chunk as Buffer);
        read += (chunk as Buffer).length;
        if (!entry.write(chunk)) await once(entry, 'drain');
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(`${file.path} was removed during the backup; run it again`);
    throw error;
  }
  if (read !== file.size || hash.digest('hex') !== file.sha256)
    throw new BackupError(`${file.path} changed during the backup; run it again`);
  entry.end(() => {});
  await finished;
}

/** Where an entry's bytes go while an archive is read (a restore); `close` runs once its checksum matched. */
export interface EntrySink {
  write(chunk: Buffer): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

/**
 * Reads an archive through, checking the manifest's own sum, then every entry's name, order, size and SHA-256
 * against the manifest, and that none is missing (a truncated archive) or extra. `open` receives each checked
 * entry's bytes (none: only verify). Any damage is a BackupError saying what was found.
 */
export async function readArchive(
  archive: string,
  open?: (file: ArchiveFile, manifest: Manifest) => Promise<EntrySink>,
): Promise<Manifest> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(archive);
  } catch {
    throw new BackupError(`No archive at ${archive}`);
  }
  if (!stat.isFile()) throw new BackupError(`${archive} is not a file`);
  const extract = tar.extract();
  const input = fs.createReadStream(archive);
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract as unknown as NodeJS.WritableStream);
  let manifestText: Buffer | undefined;
  let manifest: Manifest | undefined;
  let index = 0;
  try {
    for await (const entry of extract) {
      const name = entry.header.name;
      if (index === 0) {
        if (name !== MANIFEST_ENTRY) throw damaged(`its first entry is ${name}, not ${MANIFEST_ENTRY}`);
        manifestText = await readSmall(entry, MAX_MANIFEST_BYTES);
      } else if (index === 1) {
        if (name !== MANIFEST_SUM_ENTRY)
          throw damaged(`its second entry is ${name}, not ${MANIFEST_SUM_ENTRY}`);
        const sum = (await readSmall(entry, 1024)).toString('utf8').trim();
        if (sum !== sha256(manifestText!)) throw damaged('the manifest does not match its checksum');
        manifest = parseManifest(manifestText!);
      } else {
        const expected = manifest!.files[index - 2];
        if (!expected) throw damaged(`it holds ${name}, which its manifest does not list`);
        if (name !== expected.path)
          throw damaged(`it holds ${name} where its manifest lists ${expected.path}`);
        if (entry.header.size !== expected.size)
          throw damaged(`${name} is ${entry.header.size} bytes, its manifest says ${expected.size}`);
        const sink = open ? await open(expected, manifest!) : undefined;
        try {
          const hash = createHash('sha256');
          for await (const chunk of entry) {
            hash.update(chunk as Buffer);
            if (sink) await sink.write(chunk as Buffer);
          }
          if (hash.digest('hex') !== expected.sha256) throw damaged(`${name} does not match its checksum`);
        } catch (error) {
          await sink?.abort();
          throw error;
        }
        await sink?.close();
      }
      index++;
    }
  } catch (error) {
    input.destroy();
    if (error instanceof BackupError) throw error;
    throw damaged(`${(error as Error).message} (truncated or corrupted)`);
  }
  if (!manifest) throw damaged('it has no manifest (not a SalomTV backup, or truncated)');
  if (index - 2 < manifest.files.length)
    throw damaged(`it ends after ${index - 2} of its ${manifest.files.length} files (truncated)`);
  return manifest;
}

function damaged(what: string): BackupError {
  return new BackupError(`The archive is damaged: ${what}`);
}

async function readSmall(entry: AsyncIterable<unknown>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += (chunk as Buffer).length;
    if (size > limit) throw damaged('its manifest is larger than any manifest');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseManifest(text: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(text.toString('utf8'));
  } catch {
    throw damaged('its manifest is not JSON');
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw damaged(`its manifest is not one this build reads (${issue.path.join('.')}: ${issue.message})`);
  }
  return parsed.data;
}
