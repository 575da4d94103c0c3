import { describe, expect, it } from 'vitest';
import { sharedRead } from './shared-read.js';

describe('sharedRead', () => {
  it('answers the callers of one turn with one read, and the next turn with a new one', async () => {
    let value = 1;
    let reads = 0;
    const version = sharedRead(async () => {
      reads += 1;
      return value;
    });
    const first = await Promise.all([version(), version(), version()]);
    expect(first).toEqual([1, 1, 1]);
    expect(reads).toBe(1);

    value = 2;
    expect(await version()).toBe(2);
    expect(reads).toBe(2);
  });

  it('never hands a caller a read that was sent before it asked', async () => {
    let value = 1;
    const pending: (() => void)[] = [];
    const reads: number[] = [];
    const version = sharedRead(async () => {
      const seen = value;
      reads.push(seen);
      await new Promise<void>((resolve) => pending.push(resolve));
      return seen;
    });
    const early = version();
    await new Promise((resolve) => setImmediate(resolve)); // the first read is now in flight
    value = 2; // a write committed while it is in flight
    const late = version();
    await new Promise((resolve) => setImmediate(resolve));
    for (const release of pending) release();
    expect(await early).toBe(1);
    expect(await late).toBe(2);
    expect(reads).toEqual([1, 2]);
  });

  it('gives a failed read to its callers only; the next caller reads again', async () => {
    let fail = true;
    const version = sharedRead(async () => {
      if (fail) throw new Error('database unavailable');
      return 7;
    });
    const failed = await Promise.allSettled([version(), version()]);
    expect(failed.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await version()).toBe(7);

    const throwsAtOnce = sharedRead<number>(() => {
      throw new Error('no connection');
    });
    await expect(throwsAtOnce()).rejects.toThrow('no connection');
  });
});
