import fs from 'node:fs';

/**
 * A write stream to `target`, its file created before the stream is handed out. A stream that opens its own file
 * may still be opening it when a pipeline into it fails (a refused upload, a broken download): the pipeline
 * settles first, the caller removes the file, and the open then creates it again, to stay behind.
 */
export async function openFileSink(target: string, highWaterMark?: number): Promise<fs.WriteStream> {
  const handle = await fs.promises.open(target, 'w');
  return fs.createWriteStream(target, { fd: handle, ...(highWaterMark ? { highWaterMark } : {}) });
}
