import type { Kysely } from 'kysely';
import { autoId, idColumnType } from './helpers.js';

/** Billing: plans, subscriptions, payments, checkout sessions, provider events, playback sessions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plans')
    .addColumn('plan_id', idColumnType(db), autoId(db))
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('monthly_price_cents', 'integer', (c) => c.notNull())
    .addColumn('yearly_price_cents', 'integer')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('quality_cap', 'integer', (c) => c.notNull())
    .addColumn('new_movies', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('salomtv_special', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('america_tv_shows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hollywood_movies', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video_quality', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('add_free_entertainment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_streams', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('offered', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('subscription_id', idColumnType(db), autoId(db))
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().unique().references('users.user_id').onDelete('cascade'),
    )
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.plan_id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('billing_interval', 'varchar(8)', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('current_period_start', 'varchar(32)', (c) => c.notNull())
    .addColumn('current_period_end', 'varchar(32)', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('grace_until', 'varchar(32)')
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_customer_id', 'varchar(255)')
    .addColumn('provider_subscription_id', 'varchar(255)')
    .addColumn('provider_payment_method', 'varchar(255)')
    .addColumn('payment_method_summary', 'varchar(100)')
    .addColumn('provider_event_at', 'varchar(32)')
    .addColumn('ended_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscriptions_status_idx')
    .on('subscriptions')
    .columns(['status', 'plan_id'])
    .execute();
  await db.schema
    .createIndex('subscriptions_next_attempt_idx')
    .on('subscriptions')
    .column('next_attempt_at')
    .execute();
  await db.schema
    .createIndex('subscriptions_provider_sub_idx')
    .on('subscriptions')
    .column('provider_subscription_id')
    .execute();
  await db.schema
    .createIndex('subscriptions_provider_customer_idx')
    .on('subscriptions')
    .column('provider_customer_id')
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('payment_id', idColumnType(db), autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('subscription_id', 'integer', (c) =>
      c.references('subscriptions.subscription_id').onDelete('set null'),
    )
    .addColumn('plan_id', 'integer', (c) => c.references('plans.plan_id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(255)')
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('failure_reason', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payments_user_idx')
    .on('payments')
    .columns(['user_id', 'payment_id'])
    .execute();
  await db.schema
    .createIndex('payments_status_idx')
    .on('payments')
    .columns(['status', 'payment_id'])
    .execute();
  await db.schema.createIndex('payments_created_at_idx').on('payments').column('created_at').execute();

  await db.schema
    .createTable('checkout_sessions')
    .addColumn('session_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.plan_id'))
    .addColumn('billing_interval', 'varchar(8)', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('provider_session_id', 'varchar(255)')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('checkout_sessions_user_idx')
    .on('checkout_sessions')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('billing_events')
    .addColumn('event_id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('event_created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('playback_sessions')
    .addColumn('playback_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull())
    .addColumn('device_label', 'varchar(100)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('playback_sessions_user_idx')
    .on('playback_sessions')
    .columns(['user_id', 'last_seen_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'playback_sessions',
    'billing_events',
    'checkout_sessions',
    'payments',
    'subscriptions',
    'plans',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
