import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

export interface CounterRow {
  window_start: string;
  hits: number;
}

export class RateCounterRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Adds one hit to a fixed window, starting a new window when the stored one has ended; returns the row. */
  async hit(key: string, windowStartIfNew: string, windowEndedBefore: string): Promise<CounterRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('rate_counters')
        .select(['window_start', 'hits'])
        .where('counter_key', '=', key)
        // SQLite serialises writers on its own and has no FOR UPDATE.
        .$if(this.dialect === 'postgres', (query) => query.forUpdate())
        .executeTakeFirst();
      if (!row || row.window_start < windowEndedBefore) {
        await trx
          .insertInto('rate_counters')
          .values({ counter_key: key, window_start: windowStartIfNew, hits: 1 })
          .onConflict((oc) =>
            oc.column('counter_key').doUpdateSet({ window_start: windowStartIfNew, hits: 1 }),
          )
          .execute();
        return { window_start: windowStartIfNew, hits: 1 };
      }
      await trx
        .updateTable('rate_counters')
        .set({ hits: row.hits + 1 })
        .where('counter_key', '=', key)
        .execute();
      return { window_start: row.window_start, hits: row.hits + 1 };
    });
  }

  async get(key: string): Promise<CounterRow | undefined> {
    return this.db
      .selectFrom('rate_counters')
      .select(['window_start', 'hits'])
      .where('counter_key', '=', key)
      .executeTakeFirst();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counters').where('counter_key', '=', key).execute();
  }
}
