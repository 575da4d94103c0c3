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
});
