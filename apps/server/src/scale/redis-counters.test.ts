import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../test/harness.js';
import { freePort, requirePostgres, until } from './cluster-kit.js';

requirePostgres();

/**
 * REDIS_URL: two app instances (each on a database of its own here, so the database cannot be what they
 * share) count one-time-code sends in one Redis: the 6th send for a number is refused on either.
 */
describe('rate limits and code counters in Redis', () => {
  let server: ChildProcess;
  let url: string;
  let redis: Redis;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    const port = await freePort();
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    url = `redis://127.0.0.1:${port}`;
    redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    await until('redis-server', async () => {
      if (redis.status !== 'ready') await redis.connect().catch(() => {});
      return (await redis.ping()) === 'PONG';
    });
    const env = { REDIS_URL: url, OTP_SENDS_PER_ADDRESS_PER_HOUR: '100' };
    first = await createTestApp(env);
    second = await createTestApp(env);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    redis?.disconnect();
    server?.kill('SIGKILL');
  });

  it('refuses the 6th code for a number on whichever instance receives it, counting nothing in the database', async () => {
    const phone = '+998907771234';
    const send = (t: TestApp) => new TestClient(t.app).post('/api/otp/send', { phoneNumber: phone });
    for (let i = 1; i <= 5; i++) {
      const response = await send(i % 2 ? first : second);
      expect(response.statusCode, response.body).toBe(200);
      // Past the 30-second resend pause on both instances' clocks.
      first.clock.advance(31_000);
      second.clock.advance(31_000);
    }
    for (const t of [first, second]) {
      const refused = await send(t);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toMatch(/Too many codes were sent to this number/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      first.clock.advance(31_000);
      second.clock.advance(31_000);
    }
    expect(await redis.hget(`salomtv:rate:otp:hour:${phone}`, 'h')).toBe('7');
    expect(Number(await redis.pttl(`salomtv:rate:otp:hour:${phone}`))).toBeGreaterThan(3_600_000);
    for (const t of [first, second]) {
      const rows = await t.app.container.database.db.selectFrom('rate_counters').selectAll().execute();
      expect(rows).toEqual([]);
    }

    // An hour later the number has a new window.
    first.clock.advance(3_600_000);
    expect((await send(first)).statusCode).toBe(200);
  });

  it('resets a counter for every instance (a correct sign-in clears the failures)', async () => {
    const limits = [first.app.container.services.limits, second.app.container.services.limits];
    const rule = { limit: 2, windowMs: 60_000 };
    expect((await limits[0]!.consume('test:shared', rule)).allowed).toBe(true);
    expect((await limits[1]!.consume('test:shared', rule)).allowed).toBe(true);
    expect((await limits[0]!.consume('test:shared', rule)).allowed).toBe(false);
    expect((await limits[1]!.check('test:shared', rule)).allowed).toBe(false);
    await limits[1]!.reset('test:shared');
    expect((await limits[0]!.consume('test:shared', rule)).allowed).toBe(true);
  });

  it('gives a hit back for every instance (a try that turned out right), never below zero', async () => {
    const limits = [first.app.container.services.limits, second.app.container.services.limits];
    const rule = { limit: 2, windowMs: 60_000 };
    expect((await limits[0]!.consume('test:given-back', rule)).remaining).toBe(1);
    expect((await limits[1]!.consume('test:given-back', rule)).remaining).toBe(0);
    await limits[1]!.release('test:given-back');
    expect((await limits[0]!.consume('test:given-back', rule)).allowed).toBe(true);
    expect((await limits[1]!.consume('test:given-back', rule)).allowed).toBe(false);
    for (let i = 0; i < 5; i++) await limits[0]!.release('test:given-back');
    expect(await redis.hget('salomtv:rate:test:given-back', 'h')).toBe('0');
    await limits[0]!.release('test:never-counted');
    expect(await redis.exists('salomtv:rate:test:never-counted')).toBe(0);
  });

  it('checks at most the limit of guesses sent at once to both instances (guardTry)', async () => {
    const limits = [first.app.container.services.limits, second.app.container.services.limits];
    const rule = { limit: 4, windowMs: 60_000 };
    let checked = 0;
    const wrong = () =>
      new Promise<boolean>((resolve) => {
        checked++;
        setTimeout(() => resolve(false), 10);
      });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => limits[i % 2]!.guardTry('test:guesses', rule, wrong)),
    );
    expect(checked).toBe(rule.limit);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(30 - rule.limit);
    await expect(limits[0]!.guardTry('test:guesses', rule, async () => true)).rejects.toMatchObject({
      statusCode: 429,
    });
  });
});
