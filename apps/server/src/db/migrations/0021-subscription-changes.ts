import type { Kysely } from 'kysely';
import { autoId, idColumnType } from './helpers.js';

/**
 * What viewers did to their subscriptions (a purchase, a change of plan, a scheduled downgrade and its undo, a
 * cancel, a resume, a card declined when checked during the free trial), each with the subscription's summary
 * at that moment: the admin's alerts read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscription_changes')
    .addColumn('change_id', idColumnType(db), autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('plan_id', 'integer', (c) => c.references('plans.plan_id').onDelete('set null'))
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_changes_created_at_idx')
    .on('subscription_changes')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscription_changes').execute();
}
