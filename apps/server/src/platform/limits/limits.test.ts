import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

const MINUTE = 60_000;

describe('rate counters (database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const keys = async () =>
    (await t.app.container.database.db.selectFrom('rate_counters').select('counter_key').execute())
      .map((row) => row.counter_key)
      .filter((key) => key.startsWith('sweep:'))
      .sort();

  it('deletes counters whose window has ended and keeps the live ones counting', async () => {
    const { limits } = t.app.container.services;
    const short = { limit: 2, windowMs: MINUTE };
    const long = { limit: 2, windowMs: 60 * MINUTE };
    for (let i = 0; i < 3; i++) await limits.consume('sweep:short', short);
    await limits.consume('sweep:long', long);
    await limits.consume('sweep:long', long);
    expect((await limits.check('sweep:short', short)).allowed).toBe(false);

    // Nothing has ended yet: the sweep keeps both.
    await limits.forgetEnded();
    expect(await keys()).toEqual(['sweep:long', 'sweep:short']);

    t.clock.advance(2 * MINUTE);
    expect(await limits.forgetEnded()).toBeGreaterThanOrEqual(1);
    expect(await keys()).toEqual(['sweep:long']);
    // The short key starts a new window; the long one still counts its two hits, so the third is refused.
    expect((await limits.consume('sweep:short', short)).allowed).toBe(true);
    expect((await limits.consume('sweep:long', long)).allowed).toBe(false);
  });

  it('a counter whose window restarted lives until the new window ends', async () => {
    const { limits } = t.app.container.services;
    const rule = { limit: 5, windowMs: 10 * MINUTE };
    await limits.consume('sweep:restart', rule);
    t.clock.advance(11 * MINUTE);
    // A hit after the window ended opens a new one (the row is reused, its end moved on).
    await limits.consume('sweep:restart', rule);
    await limits.forgetEnded();
    expect(await keys()).toContain('sweep:restart');
    t.clock.advance(11 * MINUTE);
    await limits.forgetEnded();
    expect(await keys()).not.toContain('sweep:restart');
  });

  describe('guardTry', () => {
    const rule = { limit: 3, windowMs: 10 * MINUTE };
    const slowly = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 10));

    it('checks at most the limit of tries sent at once, refuses the rest with 429 and Retry-After', async () => {
      const { limits } = t.app.container.services;
      let checked = 0;
      const outcomes = await Promise.allSettled(
        Array.from({ length: 30 }, () =>
          limits.guardTry('guard:burst', rule, () => {
            checked++;
            return slowly(false);
          }),
        ),
      );
      expect(checked).toBe(rule.limit);
      const refused = outcomes.filter((o) => o.status === 'rejected');
      expect(refused).toHaveLength(30 - rule.limit);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
        statusCode: 429,
        headers: { 'retry-after': String(10 * 60) },
      });
      // The right answer after them is refused too, unchecked, until the window ends.
      await expect(limits.guardTry('guard:burst', rule, () => slowly(true))).rejects.toMatchObject({
        statusCode: 429,
      });
      t.clock.advance(10 * MINUTE);
      expect(await limits.guardTry('guard:burst', rule, () => slowly(true))).toBe(true);
    });

    it('clears the count on a right answer, or gives back only that try, and answers `whenOver` past the limit', async () => {
      const { limits } = t.app.container.services;
      const wrong = () => limits.guardTry('guard:clear', rule, () => slowly(false));
      await wrong();
      await wrong();
      expect(await limits.guardTry('guard:clear', rule, () => slowly(true))).toBe(true);
      for (let i = 0; i < rule.limit; i++) await wrong();
      await expect(wrong()).rejects.toMatchObject({ statusCode: 429 });

      const give = { isRight: (answer: string) => answer === 'right', onRight: 'giveBack' } as const;
      const over = { ...give, whenOver: (wait: number) => `over for ${wait} s` };
      await limits.guardTry('guard:give', rule, () => slowly('wrong'), over);
      await limits.guardTry('guard:give', rule, () => slowly('right'), over);
      await limits.guardTry('guard:give', rule, () => slowly('wrong'), over);
      // Two wrong tries still count: the third is the last the window allows.
      expect(await limits.guardTry('guard:give', rule, (left) => slowly(`wrong, ${left} left`), over)).toBe(
        'wrong, 0 left',
      );
      expect(await limits.guardTry('guard:give', rule, () => slowly('right'), over)).toBe(
        `over for ${10 * 60} s`,
      );
    });
  });
});
