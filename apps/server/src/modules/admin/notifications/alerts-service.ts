import type { AdminAlert } from '@salomtv/contract';
import { type Clock, DAY_MS } from '../../../lib/clock.js';
import type { AlertRepo } from './alerts-repo.js';

/** Alerts cover this many days; older events are on the dashboard and in the lists. */
export const ALERT_DAYS = 7;
const PER_SOURCE = 30;
const SHOWN = 30;

function money(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

const CHANGE_TITLES: Record<string, string> = {
  purchase: 'New subscription',
  plan_change: 'Plan changed',
  downgrade_scheduled: 'Downgrade scheduled',
  change_undone: 'Plan change undone',
  cancel: 'Membership cancelled',
  resume: 'Membership resumed',
  card_check_declined: 'Card check declined',
};

function changeTitle(kind: string, planName: string | null): string {
  const title = CHANGE_TITLES[kind] ?? 'Subscription changed';
  return planName && kind !== 'cancel' && kind !== 'resume' ? `${title}: ${planName}` : title;
}

/**
 * The admin top bar's alerts: failed transcodes, texts that could not be sent, viewers' subscription changes, failed payments
 * and failed backups of the last days.
 * Each admin has a "seen up to" moment; alerts after it are unread.
 */
export class AlertService {
  constructor(
    private readonly repo: AlertRepo,
    private readonly clock: Clock,
  ) {}

  async list(userId: number): Promise<{ items: AdminAlert[]; unread: number }> {
    const now = this.clock.now();
    const since = new Date(now.getTime() - ALERT_DAYS * DAY_MS).toISOString();
    const [seenAt, jobs, texts, changes, payments, backups] = await Promise.all([
      this.repo.seenAt(userId),
      this.repo.failedJobs(since, PER_SOURCE),
      this.repo.failedTexts(since, PER_SOURCE),
      this.repo.subscriptionChanges(since, PER_SOURCE),
      this.repo.failedPayments(since, PER_SOURCE),
      this.repo.failedBackups(since, PER_SOURCE),
    ]);
    const alerts: Omit<AdminAlert, 'unread'>[] = [
      ...jobs.map((job) => ({
        kind: 'job_failed' as const,
        id: `job-${job.job_id}`,
        title: `Transcode failed${job.title ? `: ${job.title}` : ''}`,
        detail: job.error ?? 'The media job stopped with an error',
        at: job.at,
        link: job.movie_id !== null ? `/editmovies?movie_id=${job.movie_id}` : null,
      })),
      ...texts.map((text) => ({
        kind: 'sms_failed' as const,
        id: `sms-${text.message_id}`,
        title: 'Text message not sent',
        detail: `To ${text.to_number}: ${text.error ?? 'the SMS provider did not take it'}`,
        at: text.at,
        link: null,
      })),
      ...changes.map((change) => ({
        kind:
          change.kind === 'purchase'
            ? ('new_subscription' as const)
            : change.kind === 'card_check_declined'
              ? ('card_check_declined' as const)
              : ('subscription_changed' as const),
        id: `subscription-change-${change.change_id}`,
        title: changeTitle(change.kind, change.plan_name),
        // The summary is billing's, the words of the viewer's page and the admin's screens at that moment.
        detail: `${change.first_name ?? change.phone_number ?? `User ${change.user_id}`}: ${change.summary}`,
        at: change.at,
        link: `/viewuser?user_id=${change.user_id}`,
      })),
      ...payments.map((payment) => ({
        kind: 'payment_failed' as const,
        id: `payment-${payment.payment_id}`,
        title: 'Payment failed',
        detail: `${payment.first_name ?? payment.phone_number ?? 'A viewer'}: ${money(payment.amount_cents, payment.currency)}`,
        at: payment.at,
        link: '/subscription',
      })),
      ...backups.map((backup) => ({
        kind: 'backup_failed' as const,
        id: `backup-${backup.backup_id}`,
        title: backup.kind === 'scheduled' ? 'Scheduled backup failed' : 'Backup failed',
        detail: backup.error ?? 'The backup stopped with an error',
        at: backup.at,
        link: '/backups',
      })),
    ];
    alerts.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
    const items = alerts
      .slice(0, SHOWN)
      .map((alert) => ({ ...alert, unread: seenAt === null || alert.at > seenAt }));
    return { items, unread: alerts.filter((alert) => seenAt === null || alert.at > seenAt).length };
  }

  async markSeen(userId: number): Promise<{ unread: number }> {
    await this.repo.markSeen(userId, this.clock.now().toISOString());
    return { unread: 0 };
  }
}
