import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface CounterRow {
  window_start: string;
  hits: number;
}

export class RateCounterRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Adds one hit to a fixed window, starting a new window (from `windowStartIfNew` to `windowEndIfNew`) when the
   * stored one started before `windowEndedBefore`; returns the row. One statement, so hits that arrive together are
   * all counted, the first hits of a key too.
   */
  async hit(
    key: string,
    windowStartIfNew: string,
    windowEndIfNew: string,
    windowEndedBefore: string,
  ): Promise<CounterRow> {
    return this.db
      .insertInto('rate_counters')
      .values({ counter_key: key, window_start: windowStartIfNew, hits: 1, expires_at: windowEndIfNew })
      .onConflict((oc) =>
        oc.column('counter_key').doUpdateSet((eb) => {
          const ended = eb('rate_counters.window_start', '<', windowEndedBefore);
          return {
            expires_at: eb
              .case()
              .when(ended)
              .then(windowEndIfNew)
              .else(eb.ref('rate_counters.expires_at'))
              .end(),
            window_start: eb
              .case()
              .when(ended)
              .then(windowStartIfNew)
              .else(eb.ref('rate_counters.window_start'))
              .end(),
            hits: eb
              .case()
              .when(ended)
              .then(1)
              .else(eb('rate_counters.hits', '+', 1))
              .end(),
          };
        }),
      )
      .returning(['window_start', 'hits'])
      .executeTakeFirstOrThrow();
  }

  async get(key: string): Promise<CounterRow | undefined> {
    return this.db
      .selectFrom('rate_counters')
      .select(['window_start', 'hits'])
      .where('counter_key', '=', key)
      .executeTakeFirst();
  }

  /** Takes one hit back (never below zero). */
  async unhit(key: string): Promise<void> {
    await this.db
      .updateTable('rate_counters')
      .set((eb) => ({ hits: eb('hits', '-', 1) }))
      .where('counter_key', '=', key)
      .where('hits', '>', 0)
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('counter_key', '=', key).execute();
  }

  /** Deletes the counters whose window has ended (they count as new windows anyway); returns how many. */
  async deleteEnded(nowIso: string): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_counters')
      .where('expires_at', '<=', nowIso)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
