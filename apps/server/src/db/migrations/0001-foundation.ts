import type { Kysely } from 'kysely';
import { autoId, idColumnType } from './helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('user_id', idColumnType(db), autoId(db))
    .addColumn('phone_number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(254)', (c) => c.unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_name', 'varchar(100)')
    .addColumn('last_name', 'varchar(100)')
    .addColumn('dob', 'varchar(10)')
    .addColumn('gender', 'varchar(16)')
    .addColumn('nationality', 'varchar(64)')
    .addColumn('language', 'varchar(10)')
    .addColumn('avatar', 'text')
    .addColumn('trial_ends_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('session_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('remember', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('rate_counters')
    .addColumn('counter_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('languages')
    .addColumn('lang_id', idColumnType(db), autoId(db))
    .addColumn('keyword', 'varchar(10)', (c) => c.notNull())
    .addColumn('keyword_lower', 'varchar(10)', (c) => c.notNull().unique())
    .addColumn('language_title', 'varchar(60)', (c) => c.notNull())
    .addColumn('dir', 'varchar(3)', (c) => c.notNull().defaultTo('ltr'))
    .addColumn('flag', 'text')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('texts', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['languages', 'rate_counters', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
