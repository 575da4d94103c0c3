import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import tar from 'tar-stream';
import { MANIFEST_ENTRY, MANIFEST_SUM_ENTRY, type Manifest } from '../platform/backup/manifest.js';
import { sha256 } from '../platform/backup/tar-archive.js';

/**
 * Copies an archive with its manifest changed by `change` (and its checksum made to match), as a build that
 * writes another manifest would: the other entries are copied as they are.
 */
export async function repackArchive(
  from: string,
  to: string,
  change: (manifest: Manifest) => Manifest,
): Promise<void> {
  const extract = tar.extract();
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(to));
  fs.createReadStream(from).pipe(extract as unknown as NodeJS.WritableStream);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const data = Buffer.concat(chunks);
    if (entry.header.name === MANIFEST_ENTRY) {
      const text = Buffer.from(JSON.stringify(change(JSON.parse(data.toString('utf8')) as Manifest)));
      pack.entry({ name: MANIFEST_ENTRY }, text);
      pack.entry({ name: MANIFEST_SUM_ENTRY }, `${sha256(text)}\n`);
    } else if (entry.header.name !== MANIFEST_SUM_ENTRY) {
      pack.entry({ name: entry.header.name }, data);
    }
  }
  pack.finalize();
  await written;
}

/**
 * The offset of a byte in the middle of the archive that belongs to a file's data (not a header or the padding
 * after it, which no checksum covers): where a flipped byte is damage to what the archive holds.
 */
export function middleDataByte(archive: Buffer): number {
  const middle = Math.floor(archive.length / 2);
  let best = -1;
  for (let at = 0; at + 512 <= archive.length; ) {
    const header = archive.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(
      header.subarray(124, 136).toString('ascii').replace(/\0.*$/, '').trim() || '0',
      8,
    );
    const type = String.fromCharCode(header[156]!);
    const start = at + 512;
    if ((type === '0' || type === '\0') && size > 0) {
      const inside = Math.min(Math.max(middle, start), start + size - 1);
      if (best < 0 || Math.abs(inside - middle) < Math.abs(best - middle)) best = inside;
    }
    at = start + Math.ceil(size / 512) * 512;
  }
  if (best < 0) throw new Error('the archive holds no file data');
  return best;
}
