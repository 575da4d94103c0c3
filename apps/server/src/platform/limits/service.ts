import type { Clock } from '../../lib/clock.js';
import { tooManyRequests } from '../../lib/errors.js';
import type { CounterRow, RateCounterRepo } from './repo.js';

export interface LimitRule {
  limit: number;
  windowMs: number;
}

export interface LimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
  /** Hits the window still allows after this one. */
  remaining: number;
}

/** How a guarded try (`guardTry`) is counted and answered. */
export interface GuardOptions<T> {
  /** Whether an answer of `check` was right; default: it is `true`. */
  isRight?: (answer: T) => boolean;
  /** What a right answer does to the count: 'clear' starts it again (the default), 'giveBack' takes back this try. */
  onRight?: 'clear' | 'giveBack';
  /** The answer to a try past the limit (unchecked); default: a 429 with Retry-After and `message`. */
  whenOver?: (waitSeconds: number) => T;
  message?: string;
}

/**
 * Fixed-window counters kept in the database (or Redis), so every API instance sees the same counts
 * (sign-in failures, one-time code sends, every guess at a secret).
 */
export class RateLimitService {
  constructor(
    private readonly counters: RateCounterRepo,
    private readonly clock: Clock,
  ) {}

  /** Whether the key is already over its limit, without counting. */
  async check(key: string, rule: LimitRule): Promise<LimitVerdict> {
    return this.verdict(await this.counters.get(key), rule, rule.limit);
  }

  /** Counts one hit; the hit that goes over the limit is refused. */
  async consume(key: string, rule: LimitRule): Promise<LimitVerdict> {
    const now = this.clock.now();
    const row = await this.counters.hit(
      key,
      now.toISOString(),
      new Date(now.getTime() + rule.windowMs).toISOString(),
      new Date(now.getTime() - rule.windowMs).toISOString(),
    );
    return this.verdict(row, rule, rule.limit + 1);
  }

  /** Refuses with 429 (and Retry-After) when the key is already over its limit, without counting. */
  async refuseOver(key: string, rule: LimitRule, message: string): Promise<void> {
    const verdict = await this.check(key, rule);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds, message);
  }

  /** Counts one hit and refuses the one over the limit with 429; `message` may say how long to wait. */
  async take(
    key: string,
    rule: LimitRule,
    message: string | ((waitSeconds: number) => string),
  ): Promise<void> {
    const verdict = await this.consume(key, rule);
    if (verdict.allowed) return;
    const wait = verdict.retryAfterSeconds;
    throw tooManyRequests(wait, typeof message === 'string' ? message : message(wait));
  }

  /**
   * The guard of every guessable secret: `if (!(await limits.guardTry(key, { limit, windowMs }, () => verify())))`
   * refuse. Counts the try at `key` in one atomic statement BEFORE `check` runs, so tries sent at once check at
   * most `rule.limit`; past it, `check` never runs (429 with Retry-After, or `whenOver`); a right answer clears the
   * count. Resolves what `check` answered; `check` gets the tries the window allows after this one.
   */
  async guardTry<T = boolean>(
    key: string,
    rule: LimitRule,
    check: (remaining: number) => Promise<T>,
    options: GuardOptions<T> = {},
  ): Promise<T> {
    const verdict = await this.consume(key, rule);
    if (!verdict.allowed) {
      if (options.whenOver) return options.whenOver(verdict.retryAfterSeconds);
      throw tooManyRequests(verdict.retryAfterSeconds, options.message);
    }
    const answer = await check(verdict.remaining);
    if (options.isRight ? options.isRight(answer) : answer === true) {
      await (options.onRight === 'giveBack' ? this.release(key) : this.reset(key));
    }
    return answer;
  }

  /**
   * Gives back the hit of a try that turned out right: tries are counted before they are checked, so that tries
   * sent at once cannot pass the limit together.
   */
  release(key: string): Promise<void> {
    return this.counters.unhit(key);
  }

  reset(key: string): Promise<void> {
    return this.counters.clear(key);
  }

  /** Deletes the counters whose window has ended: nothing counts them any more. Returns how many. */
  forgetEnded(): Promise<number> {
    return this.counters.deleteEnded(this.clock.now().toISOString());
  }

  private verdict(row: CounterRow | undefined, rule: LimitRule, refuseAt: number): LimitVerdict {
    const now = this.clock.now().getTime();
    const windowEnd = row ? new Date(row.window_start).getTime() + rule.windowMs : now;
    if (!row || windowEnd <= now) return { allowed: true, retryAfterSeconds: 0, remaining: rule.limit };
    if (row.hits < refuseAt)
      return { allowed: true, retryAfterSeconds: 0, remaining: Math.max(0, rule.limit - row.hits) };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
      remaining: 0,
    };
  }
}
