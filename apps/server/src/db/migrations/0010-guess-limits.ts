import type { Kysely } from 'kysely';
import { autoId, idColumnType } from './helpers.js';

/**
 * The address that asked for each one-time code (its guesses are not drawn from the code's shared pool), and the
 * queue of texts sent after the request has answered (reset codes), retried by the worker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('otp_codes').addColumn('requested_from', 'text').execute();

  await db.schema
    .createTable('sms_queue')
    .addColumn('message_id', idColumnType(db), autoId(db))
    .addColumn('to_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('only_to_account', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_run_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_queue_status_idx')
    .on('sms_queue')
    .columns(['status', 'next_run_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_queue').execute();
  await db.schema.alterTable('otp_codes').dropColumn('requested_from').execute();
}
