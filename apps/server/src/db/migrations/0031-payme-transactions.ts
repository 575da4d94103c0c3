import type { Kysely } from 'kysely';
import { autoId, idColumnType } from './helpers.js';

/**
 * Payme's Merchant API: one row per Payme transaction (its id, our order, the state and Payme's times in
 * milliseconds, as the protocol answers them) and every call Payme made, as it came, with what we answered (for
 * disputes). No key to checkout_sessions: day-old open sessions are deleted, the record of what Payme told us is not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payme_transactions')
    // Our id of the transaction, answered to Payme as `transaction`.
    .addColumn('transaction_id', idColumnType(db), autoId(db))
    .addColumn('payme_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('amount_tiyin', 'bigint', (c) => c.notNull())
    // 1 created, 2 performed, -1 cancelled before perform, -2 cancelled after perform (refunded).
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('reason', 'integer')
    .addColumn('payme_time', 'bigint', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('perform_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cancel_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('payme_transactions_order_idx')
    .on('payme_transactions')
    .column('order_id')
    .execute();
  // GetStatement reads by Payme's time; the 12-hour sweep by ours.
  await db.schema
    .createIndex('payme_transactions_time_idx')
    .on('payme_transactions')
    .column('payme_time')
    .execute();
  await db.schema
    .createIndex('payme_transactions_created_idx')
    .on('payme_transactions')
    .columns(['state', 'create_time'])
    .execute();
  await db.schema
    .createTable('payme_requests')
    .addColumn('request_id', idColumnType(db), autoId(db))
    .addColumn('payme_id', 'varchar(32)')
    .addColumn('method', 'varchar(64)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payme_requests_payme_idx').on('payme_requests').column('payme_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payme_requests').execute();
  await db.schema.dropTable('payme_transactions').execute();
}
