import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { PreparedRead } from '../../db/prepared-read.js';
import type { Database } from '../../db/schema.js';
import type { PlansTable } from '../../db/schema-billing.js';

export type PlanRow = Selectable<PlansTable>;

/** The plans table. */
export class PlanRepo {
  /** The viewer's plan, read on every playlist and segment request. */
  private readonly byId;

  constructor(private readonly db: Kysely<Database>) {
    this.byId = new PreparedRead(db, 1, (db, planId: number) =>
      db.selectFrom('plans').selectAll().where('plan_id', '=', planId),
    );
  }

  list(options: { offeredOnly: boolean }): Promise<PlanRow[]> {
    return this.db
      .selectFrom('plans')
      .selectAll()
      .$if(options.offeredOnly, (q) => q.where('offered', '=', 1))
      .orderBy('sort_order')
      .orderBy('plan_id')
      .execute();
  }

  findById(planId: number): Promise<PlanRow | undefined> {
    return this.byId.first(planId);
  }

  findByCode(code: string): Promise<PlanRow | undefined> {
    return this.db.selectFrom('plans').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** The offered plan listed last (the richest): the trial gives its features. */
  top(): Promise<PlanRow | undefined> {
    return this.db
      .selectFrom('plans')
      .selectAll()
      .where('offered', '=', 1)
      .orderBy('sort_order', 'desc')
      .orderBy('plan_id', 'desc')
      .executeTakeFirst();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('plans')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async maxSortOrder(): Promise<number> {
    const row = await this.db
      .selectFrom('plans')
      .select((eb) => eb.fn.max<number | null>('sort_order').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0);
  }

  insert(values: Insertable<PlansTable>): Promise<PlanRow> {
    return this.db.insertInto('plans').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async update(planId: number, values: Updateable<PlansTable>): Promise<void> {
    await this.db.updateTable('plans').set(values).where('plan_id', '=', planId).execute();
  }
}
