import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { WebVitalsTable } from '../../../db/schema-admin.js';

export class VitalsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A repeated report of the same metric (same id) replaces the earlier value. */
  async upsert(row: Insertable<WebVitalsTable>): Promise<void> {
    await this.db
      .insertInto('web_vitals')
      .values(row)
      .onConflict((oc) =>
        oc.column('metric_id').doUpdateSet({ value: row.value, created_at: row.created_at }),
      )
      .execute();
  }

  /** Sample counts per page and metric since a moment, the busiest pages first. */
  counts(names: readonly string[], since: string, maxPages: number) {
    return this.db
      .selectFrom('web_vitals')
      .select(['page', 'name', (eb) => eb.fn.countAll<number>().as('samples')])
      .where('created_at', '>=', since)
      .where('name', 'in', [...names] as WebVitalsTable['name'][])
      .groupBy(['page', 'name'])
      .orderBy('samples', 'desc')
      .limit(maxPages * names.length)
      .execute();
  }

  /** The value at a 0-based rank among one page's metric values since a moment, smallest first. */
  async valueAtRank(page: string, name: string, since: string, rank: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('web_vitals')
      .select('value')
      .where('page', '=', page)
      .where('name', '=', name as WebVitalsTable['name'])
      .where('created_at', '>=', since)
      .orderBy('value')
      .limit(1)
      .offset(rank)
      .executeTakeFirst();
    return row === undefined ? undefined : Number(row.value);
  }

  async deleteBefore(moment: string): Promise<void> {
    await this.db.deleteFrom('web_vitals').where('created_at', '<', moment).execute();
  }
}
