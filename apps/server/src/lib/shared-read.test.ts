import { describe, expect, it } from 'vitest';
import { nextStamp, sharedRead } from './shared-read.js';

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

  it('serves a request that gives its arrival with a read sent since, and never with one sent before', async () => {
    let value = 1;
    let reads = 0;
    let held = true;
    const pending: (() => void)[] = [];
    const version = sharedRead(async () => {
      reads += 1;
      const seen = value;
      if (held) await new Promise<void>((resolve) => pending.push(resolve));
      return seen;
    });
    const before = nextStamp(); // a request that arrived before the first read was sent
    const sessionCheck = version();
    await new Promise((resolve) => setImmediate(resolve)); // the read is now in flight
    value = 2; // a write committed after the read was sent
    const after = nextStamp(); // a request that arrived after that write
    const earlyRequest = version(before);
    const lateRequest = version(after);
    await new Promise((resolve) => setImmediate(resolve));
    for (const release of pending) release();
    expect(await sessionCheck).toBe(1);
    expect(await earlyRequest).toBe(1); // the read in flight, sent after it arrived
    expect(await lateRequest).toBe(2); // a read of its own: the one in flight may have missed the write
    expect(reads).toBe(2);

    held = false;
    // Finished reads serve too, as long as they were sent after the request arrived.
    const later = nextStamp();
    const fresh = await version();
    expect(await version(later)).toBe(fresh);
    expect(reads).toBe(3);
  });

  it('does not hand a failed read to a request that arrived before it was sent', async () => {
    let fail = true;
    const version = sharedRead(async () => {
      if (fail) throw new Error('database unavailable');
      return 7;
    });
    const arrival = nextStamp();
    await expect(version()).rejects.toThrow('database unavailable');
    fail = false;
    expect(await version(arrival)).toBe(7);
  });
});
