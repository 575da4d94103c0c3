import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { type CounterRow, RateCounterRepo } from '../platform/limits/repo.js';

/**
 * One fixed-window hit, atomically: a new window when there is none or the stored one ended, else one more
 * hit. KEYS[1] the counter; ARGV: window start if new, "ended before" bound, time to keep the key (ms).
 */
const HIT = `
local start = redis.call('HGET', KEYS[1], 'w')
if (not start) or start < ARGV[2] then
  redis.call('HSET', KEYS[1], 'w', ARGV[1], 'h', 1)
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  return {ARGV[1], 1}
end
return {start, redis.call('HINCRBY', KEYS[1], 'h', 1)}
`;

/** One hit taken back, never below zero, and only from a window that is still there. */
const UNHIT = `
local hits = tonumber(redis.call('HGET', KEYS[1], 'h') or '0')
if hits > 0 then redis.call('HINCRBY', KEYS[1], 'h', -1) end
return 0
`;

/**
 * REDIS_URL: the rate-limit and one-time-code counters in Redis (shared by every API instance, gone when
 * their window is), with the same fixed windows as the `rate_counters` table they replace.
 */
export class RedisRateCounterRepo extends RateCounterRepo {
  constructor(
    db: Kysely<Database>,
    private readonly redis: Redis,
    private readonly prefix = 'salomtv:rate:',
  ) {
    super(db);
  }

  override async hit(
    key: string,
    windowStartIfNew: string,
    windowEndIfNew: string,
    windowEndedBefore: string,
  ): Promise<CounterRow> {
    const keepMs = Math.max(1000, Date.parse(windowEndIfNew) - Date.parse(windowStartIfNew)) + 60_000;
    const [start, hits] = (await this.redis.eval(
      HIT,
      1,
      this.prefix + key,
      windowStartIfNew,
      windowEndedBefore,
      String(keepMs),
    )) as [string, number];
    return { window_start: start, hits: Number(hits) };
  }

  /** Redis drops a counter itself when its window has ended (PEXPIRE above). */
  override async deleteEnded(): Promise<number> {
    return 0;
  }

  override async get(key: string): Promise<CounterRow | undefined> {
    const row = await this.redis.hmget(this.prefix + key, 'w', 'h');
    if (!row[0]) return undefined;
    return { window_start: row[0], hits: Number(row[1] ?? 0) };
  }

  override async unhit(key: string): Promise<void> {
    await this.redis.eval(UNHIT, 1, this.prefix + key);
  }

  override async clear(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/** A client that connects on first use (a worker process never counts anything). */
export function redisClient(url: string): Redis {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  // It reconnects by itself; a request made while Redis is away fails (and answers 500), it is not hidden.
  let reported = false;
  client.on('error', (error: Error) => {
    if (!reported) process.stderr.write(`redis: ${error.message}\n`);
    reported = true;
  });
  client.on('ready', () => {
    reported = false;
  });
  return client;
}
