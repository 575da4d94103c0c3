import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';

export interface FailedJobAlertRow {
  job_id: number;
  error: string | null;
  at: string;
  movie_id: number | null;
  title: string | null;
}
export interface SubscriptionAlertRow {
  change_id: number;
  user_id: number;
  kind: string;
  plan_name: string | null;
  phone_number: string | null;
  first_name: string | null;
  summary: string;
  at: string;
}
export interface SmsAlertRow {
  message_id: number;
  to_number: string;
  error: string | null;
  at: string;
}
export interface BackupAlertRow {
  backup_id: number;
  kind: string;
  error: string | null;
  at: string;
}
export interface PaymentAlertRow {
  payment_id: number;
  user_id: number | null;
  phone_number: string | null;
  first_name: string | null;
  amount_cents: number;
  currency: string;
  at: string;
}

/**
 * The sources of the admin top bar's alerts: the catalogue's media jobs, the texts the worker could not send,
 * billing's subscriptions and payments, and the service's failed backups.
 */
export class AlertRepo {
  constructor(private readonly db: Kysely<Database>) {}

  failedJobs(since: string, limit: number): Promise<FailedJobAlertRow[]> {
    return this.db
      .selectFrom('media_jobs')
      .leftJoin('media_assets', 'media_assets.asset_id', 'media_jobs.target_id')
      .leftJoin('titles', 'titles.movie_id', 'media_assets.movie_id')
      .select([
        'media_jobs.job_id',
        'media_jobs.error',
        'media_jobs.updated_at as at',
        'titles.movie_id',
        'titles.title',
      ])
      .where('media_jobs.status', '=', 'failed')
      .where('media_jobs.updated_at', '>=', since)
      .orderBy('media_jobs.updated_at', 'desc')
      .limit(limit)
      .execute();
  }

  failedTexts(since: string, limit: number): Promise<SmsAlertRow[]> {
    return this.db
      .selectFrom('sms_queue')
      .select(['message_id', 'to_number', 'error', 'updated_at as at'])
      .where('status', '=', 'failed')
      .where('updated_at', '>=', since)
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** What viewers did to their subscriptions (billing writes each change with its summary then). */
  subscriptionChanges(since: string, limit: number): Promise<SubscriptionAlertRow[]> {
    return this.db
      .selectFrom('subscription_changes')
      .leftJoin('users', 'users.user_id', 'subscription_changes.user_id')
      .leftJoin('plans', 'plans.plan_id', 'subscription_changes.plan_id')
      .select([
        'subscription_changes.change_id',
        'subscription_changes.user_id',
        'subscription_changes.kind',
        'plans.name as plan_name',
        'users.phone_number',
        'users.first_name',
        'subscription_changes.summary',
        'subscription_changes.created_at as at',
      ])
      .where('subscription_changes.created_at', '>=', since)
      .orderBy('subscription_changes.created_at', 'desc')
      .orderBy('subscription_changes.change_id', 'desc')
      .limit(limit)
      .execute();
  }

  failedPayments(since: string, limit: number): Promise<PaymentAlertRow[]> {
    return (
      this.db
        .selectFrom('payments')
        .leftJoin('users', 'users.user_id', 'payments.user_id')
        .select([
          'payments.payment_id',
          'payments.user_id',
          'users.phone_number',
          'users.first_name',
          'payments.amount_cents',
          'payments.currency',
          'payments.created_at as at',
        ])
        // `status || ''` keeps the planner off the status index (which would visit every failed payment ever)
        // and on the created_at one, which holds the status too and starts from the newest.
        .where(sql`payments.status || ''`, '=', 'failed')
        .where('payments.created_at', '>=', since)
        .orderBy('payments.created_at', 'desc')
        .limit(limit)
        .execute()
    );
  }

  /** The service's backups that failed (the admin module's own table). */
  async failedBackups(since: string, limit: number): Promise<BackupAlertRow[]> {
    const rows = await this.db
      .selectFrom('backups')
      .select(['backup_id', 'kind', 'error', 'started_at', 'finished_at'])
      .where('status', '=', 'failed')
      .where('started_at', '>=', since)
      .orderBy('started_at', 'desc')
      .limit(limit)
      .execute();
    // A failure is news when it ended, which a long backup does well after it started.
    return rows.map((row) => ({ ...row, at: row.finished_at ?? row.started_at }));
  }

  async seenAt(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('admin_alert_reads')
      .select('seen_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.seen_at ?? null;
  }

  async markSeen(userId: number, now: string): Promise<void> {
    await this.db
      .insertInto('admin_alert_reads')
      .values({ user_id: userId, seen_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ seen_at: now }))
      .execute();
  }
}
