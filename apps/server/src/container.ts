import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import type { Clock } from './lib/clock.js';
import { systemClock } from './lib/clock.js';
import { createAccountsModule, type SmsLog } from './modules/accounts/module.js';
import { createAdminModule } from './modules/admin/module.js';
import { createBillingModule } from './modules/billing/module.js';
import { createCatalogModule } from './modules/catalog/module.js';
import { createLanguagesModule } from './modules/languages/module.js';
import { createMediaModule } from './modules/media/module.js';
import { createPlaybackModule } from './modules/playback/module.js';
import { AuditRepo } from './platform/audit/repo.js';
import { AuditService } from './platform/audit/service.js';
import { EventBus } from './platform/events.js';
import { RateCounterRepo } from './platform/limits/repo.js';
import { RateLimitService } from './platform/limits/service.js';
import { Metrics } from './platform/metrics/metrics.js';
import { registerSystemGauges } from './platform/metrics/system-gauges.js';
import { createMediaStorage } from './platform/storage/storage-driver.js';

export interface ContainerOptions {
  clock?: Clock;
  /** PostgreSQL schema to use (tests run each suite in its own). */
  pgSchema?: string;
  /** The app logger (the console SMS provider writes each message to it). */
  log?: SmsLog;
}

/**
 * The composition root: opens the database, runs migrations, then creates each domain's module in dependency
 * order, every one from what the modules before it give.
 */
export async function createContainer(config: Config, options: ContainerOptions = {}) {
  const clock = options.clock ?? systemClock;
  const pgSchema = options.pgSchema ?? config.databaseSchema;
  const database = await openMigratedDatabase(config, pgSchema);
  const { db } = database;
  fs.mkdirSync(config.mediaDir, { recursive: true });

  // What every domain uses: file storage, rate limits, the audit log, the event bus, the metrics.
  const storage = await createMediaStorage(config);
  const limits = new RateLimitService(await rateCounters(config, database), clock);
  const audit = new AuditService(new AuditRepo(db), clock);
  const events = new EventBus();
  const metrics = createMetrics(config, database);

  const languages = createLanguagesModule({ db, storage, audit, clock });
  const billing = createBillingModule({ config, clock, db, audit, events, metrics, limits });
  const accounts = createAccountsModule({
    config,
    clock,
    db,
    storage,
    log: options.log,
    limits,
    languages: languages.services.languages,
    audit,
    events,
    sessionsWithBilling: billing.sessionsWithBilling,
    metrics,
  });
  const catalog = createCatalogModule({ db, clock, storage, locks: billing.services.entitlements });
  const media = await createMediaModule({
    config,
    clock,
    db,
    storage,
    catalog: catalog.records,
    languageLabel: languages.labelOf,
    languageKeyword: languages.keywordOf,
    pgSchema,
    audit,
    metrics,
  });
  const playback = createPlaybackModule({
    config,
    clock,
    db,
    storage,
    catalog: catalog.records,
    access: billing.services.subscriptions,
    entitlements: billing.services.entitlements,
    liveSessions: accounts.services.liveSessions,
    events,
    profiles: accounts.profileNames,
    metrics,
  });
  const admin = createAdminModule({
    db,
    dialect: database.dialect,
    clock,
    storage,
    limits,
    users: accounts.contacts,
    userAdmin: accounts.services.userAdmin,
    subscriptions: billing.services.subscriptions,
    subscriptionExport: billing.services.billingAdmin,
    library: catalog.services.library,
    audit,
    vitalsPerAddressPerMinute: config.vitalsPerAddressPerMinute,
    languages: languages.records,
    playbackQuality: playback.qualityReport,
    metrics,
    events,
    backups: {
      settings: config.backup,
      source: {
        database,
        databaseUrl: config.databaseUrl,
        pgSchema: pgSchema ?? 'public',
        pgBinDir: config.backup.pgBinDir,
        dataDir: config.dataDir,
        mediaDir: config.mediaDir,
        storage,
        bucket: config.media.s3?.bucket ?? null,
      },
    },
  });

  const modules = { languages, billing, accounts, catalog, media, playback, admin };
  return {
    config,
    clock,
    database,
    storage,
    events,
    metrics,
    modules,
    /** Every module's repositories and services by name (routes are registered per module; tests reach in here). */
    repos: {
      ...languages.repos,
      ...billing.repos,
      ...accounts.repos,
      ...catalog.repos,
      ...playback.repos,
      ...admin.repos,
    },
    services: {
      limits,
      ...languages.services,
      ...billing.services,
      ...accounts.services,
      ...catalog.services,
      ...media.services,
      ...playback.services,
      ...admin.services,
    },
  };
}

/**
 * The metrics every module counts through (platform/metrics/metrics.ts). Counting costs little, so it always
 * happens; the process's own figures and the scrape itself only with METRICS_TOKEN.
 */
function createMetrics(config: Config, database: DatabaseHandle): Metrics {
  const metrics = new Metrics();
  registerSystemGauges(metrics, { database: database.stats, dataDir: config.dataDir });
  if (config.metrics) metrics.collectProcessMetrics();
  return metrics;
}

/** The database, migrated to the latest schema (closed again when a migration fails). */
async function openMigratedDatabase(config: Config, pgSchema: string | undefined): Promise<DatabaseHandle> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgSchema,
    dataDir: config.dataDir,
    sqliteSynchronous: config.sqliteSynchronous,
    namedStatements: config.namedStatements,
  });
  try {
    await migrateToLatest(
      database.db as unknown as Kysely<unknown>,
      database.dialect === 'postgres' ? pgSchema : undefined,
    );
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Rate limits and code counters: in the database, or in Redis with REDIS_URL (its client loaded only then). */
async function rateCounters(config: Config, database: DatabaseHandle): Promise<RateCounterRepo> {
  if (!config.redisUrl) return new RateCounterRepo(database.db);
  const { RedisRateCounterRepo, redisClient } = await import('./scale/redis-rate-counters.js');
  return new RedisRateCounterRepo(database.db, redisClient(config.redisUrl));
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
