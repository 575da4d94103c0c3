import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFileSink } from './file-sink.js';

describe('openFileSink', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-sink-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes what flows into it', async () => {
    const target = path.join(dir, 'copy.bin');
    const source = new PassThrough();
    source.end(Buffer.from('fragment'));
    await pipeline(source, await openFileSink(target));
    expect(fs.readFileSync(target, 'utf8')).toBe('fragment');
  });

  it('has created its file when it is handed out, so a failed pipeline removed at once leaves nothing behind', async () => {
    const target = path.join(dir, 'upload.part');
    const sink = await openFileSink(target);
    // The file is there before any byte: nothing is left to create it after the removal below.
    expect(fs.existsSync(target)).toBe(true);
    const source = new PassThrough();
    source.end(Buffer.alloc(64));
    const refuse = new Transform({
      transform(_chunk, _encoding, done) {
        done(new Error('too large'));
      },
    });
    await expect(pipeline(source, refuse, sink)).rejects.toThrow('too large');
    await fs.promises.rm(target, { force: true });
    if (!sink.closed) await once(sink, 'close');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
