import { type Kysely, sql } from 'kysely';

/**
 * A plan's price per currency and interval (`plans.prices`, a JSON object such as
 * `{"USD":{"month":1900,"year":19000},"UZS":{"month":4900000,"year":null}}`, minor units). Every plan starts with
 * its one price: `monthly_price_cents` / `yearly_price_cents` in `currency`, which stay its price in that currency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('plans')
    .addColumn('prices', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  const plans = await sql<{
    plan_id: number;
    currency: string;
    monthly_price_cents: number;
    yearly_price_cents: number | null;
  }>`select plan_id, currency, monthly_price_cents, yearly_price_cents from plans`.execute(db);
  for (const plan of plans.rows) {
    const prices = {
      [plan.currency.toUpperCase()]: {
        month: Number(plan.monthly_price_cents),
        year: plan.yearly_price_cents === null ? null : Number(plan.yearly_price_cents),
      },
    };
    await sql`update plans set prices = ${JSON.stringify(prices)} where plan_id = ${plan.plan_id}`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plans').dropColumn('prices').execute();
}
