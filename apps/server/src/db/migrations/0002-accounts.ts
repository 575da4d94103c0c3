import type { Kysely } from 'kysely';
import { autoId, idColumnType } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('otp_codes')
    .addColumn('otp_id', idColumnType(db), autoId(db))
    .addColumn('phone_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('consumed_at', 'varchar(32)')
    .addColumn('proof_used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('otp_codes_phone_purpose_idx')
    .on('otp_codes')
    .columns(['phone_number', 'purpose', 'otp_id'])
    .execute();
  await db.schema.createIndex('otp_codes_created_at_idx').on('otp_codes').column('created_at').execute();

  await db.schema
    .createTable('sms_outbox')
    .addColumn('sms_id', idColumnType(db), autoId(db))
    .addColumn('to_number', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_outbox_to_idx')
    .on('sms_outbox')
    .columns(['to_number', 'sms_id'])
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  // The admin list filters by these and pages newest first.
  await db.schema.createIndex('users_status_idx').on('users').column('status').execute();
  await db.schema.createIndex('users_nationality_idx').on('users').column('nationality').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_nationality_idx').execute();
  await db.schema.dropIndex('users_status_idx').execute();
  for (const table of ['app_secrets', 'sms_outbox', 'otp_codes']) {
    await db.schema.dropTable(table).execute();
  }
}
