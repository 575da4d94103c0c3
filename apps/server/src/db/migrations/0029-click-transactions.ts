import type { Kysely } from 'kysely';
import { autoId, idColumnType } from './helpers.js';

/**
 * Click's SHOP API calls, one row per Click transaction: its Prepare and Complete bodies kept exactly as they came
 * (for disputes), the state we answered, and the amount in tiyin. No key to checkout_sessions: day-old open
 * sessions are deleted, the record of what Click told us is not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('click_transactions')
    // Click keeps it as a number: our id of its transaction, answered to Prepare and sent back by Complete.
    .addColumn('merchant_prepare_id', idColumnType(db), autoId(db))
    .addColumn('click_trans_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('merchant_trans_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount_tiyin', 'integer', (c) => c.notNull())
    .addColumn('prepare_body', 'text', (c) => c.notNull())
    .addColumn('complete_body', 'text')
    .addColumn('prepared_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(32)')
    .addColumn('cancelled_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('click_transactions_merchant_trans_idx')
    .on('click_transactions')
    .column('merchant_trans_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('click_transactions').execute();
}
