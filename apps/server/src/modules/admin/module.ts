import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app-types.js';
import type { BackupSettings } from '../../config.js';
import type { DatabaseHandle, DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { AuditService } from '../../platform/audit/service.js';
import type { BackupSource } from '../../platform/backup/create-backup.js';
import type { Manifest } from '../../platform/backup/manifest.js';
import type { DomainEvents, EventBus } from '../../platform/events.js';
import type { RateLimitService } from '../../platform/limits/service.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import type { MediaStorage } from '../../platform/storage/storage.js';
import { repeatWhileOpen } from '../../platform/timers.js';
import type { AccountDetails } from '../accounts/module.js';
import type { SubscriptionExport, SubscriptionView } from '../billing/module.js';
import type { LibraryActivity } from '../catalog/module.js';
import type { PlaybackQualityReport } from '../playback/module.js';
import { auditRoutes } from './audit/routes.js';
import { BackupRepo } from './backups/repo.js';
import { backupRoutes } from './backups/routes.js';
import { BackupService } from './backups/service.js';
import { DashboardRepo } from './dashboard/repo.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { DashboardService } from './dashboard/service.js';
import { AdminSettingsRepo } from './dashboard/settings-repo.js';
import { adminSettingsRoutes } from './dashboard/settings-routes.js';
import { AdminSettingsService } from './dashboard/settings-service.js';
import { ExportRepo } from './exports/repo.js';
import { exportRoutes } from './exports/routes.js';
import { ExportService } from './exports/service.js';
import { FeedbackRepo } from './feedback/repo.js';
import { feedbackRoutes } from './feedback/routes.js';
import { type ContactLookup, FeedbackService } from './feedback/service.js';
import { LegalPageRepo } from './legal/repo.js';
import { legalRoutes } from './legal/routes.js';
import { type KnownLanguages, LegalService } from './legal/service.js';
import { AlertRepo } from './notifications/alerts-repo.js';
import { alertRoutes } from './notifications/alerts-routes.js';
import { AlertService } from './notifications/alerts-service.js';
import { NotificationRepo } from './notifications/repo.js';
import { notificationRoutes } from './notifications/routes.js';
import { NotificationService } from './notifications/service.js';
import { PostRepo } from './posts/repo.js';
import { postRoutes } from './posts/routes.js';
import { PostService } from './posts/service.js';
import { AdminSearchRepo } from './search/repo.js';
import { adminSearchRoutes } from './search/routes.js';
import { AdminSearchService } from './search/service.js';
import { userActivityRoutes } from './user-activity/routes.js';
import { UserActivityService } from './user-activity/service.js';
import { VitalsRepo } from './vitals/repo.js';
import { vitalsRoutes } from './vitals/routes.js';
import { VitalsService } from './vitals/service.js';

export interface AdminDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  clock: Clock;
  storage: MediaStorage;
  limits: RateLimitService;
  /** Who sent a feedback ticket (its contact details). */
  users: ContactLookup;
  /** A user's activity page shows their account, subscription and library (the accounts, billing, catalog modules). */
  userAdmin: AccountDetails;
  subscriptions: SubscriptionView;
  /** The CSV export of subscriptions reads billing's summary of each. */
  subscriptionExport: SubscriptionExport;
  library: LibraryActivity;
  /** The audit log, made by the container so every module can record its admin changes in it. */
  audit: AuditService;
  /** Web-vitals reports accepted per address and minute. */
  vitalsPerAddressPerMinute: number;
  /** The languages module's languages: the legal pages and posts' translations are written in them. */
  languages: KnownLanguages;
  /** The players' quality figures per title (playback's), for the dashboard. */
  playbackQuality: PlaybackQualityReport;
  /** The service's own backups: where and when, and what they read. */
  backups: { settings: BackupSettings; source: BackupSource };
  metrics: Metrics;
  /** Billing's refunds are told to the viewer as notifications. */
  events: EventBus;
}

/** What a viewer reads when a payment is given back: the amount, and until when the plan still runs. */
export function refundMessage(refund: DomainEvents['paymentRefunded']) {
  const whole = Math.trunc(refund.amountCents / 100);
  const cents = String(refund.amountCents % 100).padStart(2, '0');
  const amount = `${whole}${cents === '00' ? '' : `.${cents}`} ${refund.currency}`;
  const until = refund.periodEnd ? ` Your plan now runs until ${refund.periodEnd.slice(0, 10)}.` : '';
  return {
    title: 'Your payment was refunded',
    body: `${amount} went back to you, and the time it paid for was taken off your plan.${until}`,
    link: '/userprofile',
  };
}

/**
 * The admin area: audit log, settings panel, search, dashboard, alerts, posts, legal pages, feedback tickets,
 * notifications, CSV exports, web vitals, each user's activity and the service's backups. `services.audit` is the audit log every module
 * records its admin changes in (platform/audit/service.ts).
 */
export function createAdminModule(deps: AdminDeps) {
  const { db, clock, storage, limits } = deps;
  const repos = {
    adminSettings: new AdminSettingsRepo(db),
    adminSearch: new AdminSearchRepo(db),
    dashboard: new DashboardRepo(db),
    alerts: new AlertRepo(db),
    posts: new PostRepo(db),
    legalPages: new LegalPageRepo(db),
    feedback: new FeedbackRepo(db),
    notifications: new NotificationRepo(db),
    exports: new ExportRepo(db),
    vitals: new VitalsRepo(db),
    backups: new BackupRepo(db),
  };
  const { audit } = deps;
  const notifications = new NotificationService(repos.notifications, audit, clock);
  const services = {
    audit,
    notifications,
    adminSettings: new AdminSettingsService(repos.adminSettings, clock),
    adminSearch: new AdminSearchService(repos.adminSearch),
    dashboard: new DashboardService(repos.dashboard, clock, deps.playbackQuality),
    alerts: new AlertService(repos.alerts, clock),
    posts: new PostService(repos.posts, storage, audit, clock, deps.languages),
    legal: new LegalService(repos.legalPages, deps.languages, audit, clock),
    feedback: new FeedbackService(repos.feedback, deps.users, limits, audit, notifications, clock),
    exports: new ExportService(repos.exports, deps.subscriptionExport, audit),
    vitals: new VitalsService(repos.vitals, limits, clock, deps.vitalsPerAddressPerMinute),
    userActivity: new UserActivityService(deps.userAdmin, deps.subscriptions, deps.library),
    backups: new BackupService({ repo: repos.backups, ...deps.backups, audit, clock }),
  };
  registerBackupGauges(deps.metrics, services.backups);
  deps.events.on('paymentRefunded', (refund) =>
    notifications.notifyUser(null, refund.userId, refundMessage(refund)),
  );
  const registerRoutes = (app: AppInstance): void => {
    auditRoutes(app, services.audit);
    adminSettingsRoutes(app, services.adminSettings);
    adminSearchRoutes(app, services.adminSearch);
    dashboardRoutes(app, services.dashboard);
    alertRoutes(app, services.alerts);
    postRoutes(app, services.posts);
    legalRoutes(app, services.legal);
    feedbackRoutes(app, services.feedback);
    notificationRoutes(app, services.notifications);
    exportRoutes(app, services.exports, () => clock.now().toISOString().slice(0, 10));
    vitalsRoutes(app, services.vitals);
    userActivityRoutes(app, services.userActivity);
    backupRoutes(app, services.backups);
  };
  return { repos, services, registerRoutes };
}

export type AdminModule = ReturnType<typeof createAdminModule>;

/** How the backups ended, read from the backups table at each scrape: the same figures from every process. */
function registerBackupGauges(metrics: Metrics, backups: BackupService): void {
  metrics.gauge(
    'backups',
    'Backups recorded and kept in the list, by status (running, succeeded, failed)',
    ['status'],
    async (set) => {
      for (const row of await backups.outcomes()) set({ status: row.status }, Number(row.count));
    },
  );
  metrics.gauge(
    'backup_last_finished_timestamp_seconds',
    'When the newest backup of each outcome finished, in Unix seconds',
    ['status'],
    async (set) => {
      for (const row of await backups.outcomes())
        if (row.last_at) set({ status: row.status }, Date.parse(row.last_at) / 1000);
    },
  );
}

const BACKUP_TICK_MS = 60_000;

/** Checks every minute whether the daily backup is due; the app waits for a running backup when it closes. */
export function startBackupSchedule(app: AppInstance, admin: AdminModule): void {
  const { backups } = admin.services;
  backups.requireTools();
  backups.log = app.log;
  repeatWhileOpen(app, BACKUP_TICK_MS, 'scheduled backup', async () => {
    await backups.runDue();
  });
  app.addHook('onClose', () => backups.idle());
}

/** After a restore (npm run restore): the backup that wrote the archive is recorded as finished. */
export async function completeRestoredBackup(
  database: DatabaseHandle,
  manifest: Manifest,
  archive: { size: number; mtime: Date },
): Promise<void> {
  if (manifest.backup_id === null) return;
  await new BackupRepo(database.db).completeRestored(
    manifest.backup_id,
    archive.size,
    archive.mtime.toISOString(),
  );
}

// The admin domain's face: what the app may use of it.
export type { LegalSeed } from './legal/service.js';
/** What the first start's seed does with the legal pages. */
export type LegalSeeding = Pick<LegalService, 'seedDefaults'>;
