import type { Kysely } from 'kysely';

/**
 * Plan changes that charge what they give: a downgrade (or the plan bought during the free trial) waits in
 * `scheduled_plan_id` for the end of the period; an upgrade paid through a provider that invoices it waits in
 * `upgrade_*` for that invoice's payment; `billing_anchor` is the day of the month the periods renew on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = [
    ['scheduled_plan_id', 'integer'],
    ['upgrade_plan_id', 'integer'],
    ['upgrade_price_cents', 'integer'],
    ['upgrade_invoice_id', 'varchar(255)'],
    ['upgrade_requested_at', 'varchar(32)'],
    ['billing_anchor', 'varchar(32)'],
  ] as const;
  for (const [name, type] of columns) {
    await db.schema
      .alterTable('subscriptions')
      .addColumn(name, type, (c) => (name.endsWith('plan_id') ? c.references('plans.plan_id') : c))
      .execute();
  }
}
