import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BoundedLogDestination } from './log-destination.js';

/** A log reader that takes nothing until `read()` is called, like a pipe nobody drains. */
function stalledReader() {
  const received: string[] = [];
  const waiting: (() => void)[] = [];
  const output = new Writable({
    highWaterMark: 256,
    write(chunk: Buffer, _encoding, done) {
      received.push(chunk.toString());
      waiting.push(done);
    },
  });
  const read = async () => {
    while (waiting.length > 0) {
      waiting.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { output, received, read };
}

const line = (n: number) => `${JSON.stringify({ level: 30, msg: `line ${n}`, pad: 'x'.repeat(250) })}\n`;

describe('the log destination', () => {
  it('holds at most its bound for a reader that stopped, then drops and counts lines, never waiting', () => {
    const { output } = stalledReader();
    const destination = new BoundedLogDestination(output, 1000);
    const started = Date.now();
    for (let n = 0; n < 10_000; n++) destination.write(line(n));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(output.writableLength).toBeLessThanOrEqual(1000);
    expect(destination.dropped).toBe(10_000 - 3);
  });

  it('says how many lines were lost once the reader is back, in one warning line', async () => {
    const { output, received, read } = stalledReader();
    const destination = new BoundedLogDestination(output, 1000);
    for (let n = 0; n < 10; n++) destination.write(line(n));
    await read();
    const report = JSON.parse(received.at(-1)!);
    expect(report).toMatchObject({ level: 40, dropped: 7, msg: expect.stringMatching(/dropped/) });
    // Reported once: the next lines go through as they are.
    destination.write(line(10));
    await read();
    expect(JSON.parse(received.at(-1)!).msg).toBe('line 10');
    const errors: string[] = [];
    destination.reportAtExit({ write: (text) => errors.push(text) > 0 });
    expect(errors).toEqual([]);
  });

  it('says it at exit on the error output when the reader never came back', () => {
    const { output } = stalledReader();
    const destination = new BoundedLogDestination(output, 1000);
    for (let n = 0; n < 10; n++) destination.write(line(n));
    const errors: string[] = [];
    destination.reportAtExit({ write: (text) => errors.push(text) > 0 });
    expect(errors).toEqual(['SalomTV: 7 log lines were dropped: the log reader was not reading\n']);
  });
});
