import type { Kysely } from 'kysely';
import { autoId, idColumnType } from './helpers.js';

const date = 'varchar(32)';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('audit_id', idColumnType(db), autoId(db))
    .addColumn('actor_user_id', 'integer')
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('entity', 'varchar(40)', (c) => c.notNull())
    .addColumn('entity_id', 'varchar(64)')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', date, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_log_actor_idx')
    .on('audit_log')
    .columns(['actor_user_id', 'audit_id'])
    .execute();
  await db.schema
    .createIndex('audit_log_entity_idx')
    .on('audit_log')
    .columns(['entity', 'entity_id'])
    .execute();

  await db.schema
    .createTable('admin_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
    .addColumn('layout', 'varchar(8)', (c) => c.notNull())
    .addColumn('sidebar', 'varchar(8)', (c) => c.notNull())
    .addColumn('theme', 'varchar(8)', (c) => c.notNull())
    .addColumn('mini_sidebar', 'integer', (c) => c.notNull())
    .addColumn('sticky_header', 'integer', (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('post_id', idColumnType(db), autoId(db))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('cover', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('publish_at', date)
    .addColumn('author', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('posts_status_publish_idx')
    .on('posts')
    .columns(['status', 'publish_at'])
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('ticket_id', idColumnType(db), autoId(db))
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('email', 'varchar(254)')
    .addColumn('phone', 'varchar(32)')
    .addColumn('tag', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('answer', 'text')
    .addColumn('answered_by', 'integer')
    .addColumn('answered_at', date)
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_status_idx')
    .on('feedback')
    .columns(['status', 'ticket_id'])
    .execute();
  await db.schema.createIndex('feedback_user_idx').on('feedback').columns(['user_id', 'ticket_id']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('notification_id', idColumnType(db), autoId(db))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('link', 'varchar(500)')
    .addColumn('audience', 'varchar(8)', (c) => c.notNull())
    .addColumn('plan_id', 'integer')
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('cascade'))
    .addColumn('send_at', date, (c) => c.notNull())
    .addColumn('sent_at', date)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_send_idx').on('notifications').columns(['send_at']).execute();
  await db.schema
    .createIndex('notifications_audience_idx')
    .on('notifications')
    .columns(['audience', 'user_id', 'plan_id'])
    .execute();

  await db.schema
    .createTable('notification_receipts')
    .addColumn('notification_id', 'integer', (c) =>
      c.notNull().references('notifications.notification_id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('read_at', date, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_receipts_pk', ['user_id', 'notification_id'])
    .execute();

  await db.schema
    .createTable('admin_alert_reads')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.user_id').onDelete('cascade'))
    .addColumn('seen_at', date, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('web_vitals')
    .addColumn('vital_id', idColumnType(db), autoId(db))
    .addColumn('metric_id', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(8)', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('page', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', date, (c) => c.notNull())
    .execute();
  // Indexes for the dashboard's and alerts' aggregates over billing's tables (owned by billing; these only
  // serve the admin's reads). Covering: a period's revenue is summed from the index alone.
  await db.schema
    .createIndex('admin_payments_period_idx')
    .on('payments')
    .columns(['created_at', 'status', 'currency', 'amount_cents'])
    .execute();
  await db.schema
    .createIndex('admin_subscriptions_created_idx')
    .on('subscriptions')
    .columns(['created_at', 'ended_at'])
    .execute();

  await db.schema.createIndex('web_vitals_created_idx').on('web_vitals').column('created_at').execute();
  await db.schema
    .createIndex('web_vitals_page_name_value_idx')
    .on('web_vitals')
    .columns(['page', 'name', 'value'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('admin_subscriptions_created_idx').execute();
  await db.schema.dropIndex('admin_payments_period_idx').execute();
  for (const table of [
    'web_vitals',
    'admin_alert_reads',
    'notification_receipts',
    'notifications',
    'feedback',
    'posts',
    'admin_settings',
    'audit_log',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
