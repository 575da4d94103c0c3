import fs from 'node:fs';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import type { Clock } from './lib/clock.js';
import { systemClock } from './lib/clock.js';
import { createMediaStorage } from './media/storage-driver.js';
import { createAccountModules } from './modules/accounts/compose.js';
import { AuditRepo } from './modules/audit/repo.js';
import { AuditService } from './modules/audit/service.js';
import { LiveSessionCache } from './modules/auth/live-session-cache.js';
import { AuthService } from './modules/auth/service.js';
import { SessionRepo } from './modules/auth/session-repo.js';
import { createBillingModule } from './modules/billing/compose.js';
import { createAdminModules } from './modules/dashboard/compose.js';
import { LanguageRepo } from './modules/languages/repo.js';
import { LanguageService } from './modules/languages/service.js';
import { createLibraryModule } from './modules/library/compose.js';
import { RateCounterRepo } from './modules/limits/repo.js';
import { RateLimitService } from './modules/limits/service.js';
import { createCatalogModules } from './modules/media/compose.js';
import { TitleRepo } from './modules/movies/repo.js';
import type { SmsLog } from './modules/sms/sender.js';
import { UserActivityService } from './modules/user-activity/service.js';
import { UserRepo } from './modules/users/repo.js';
import { UserService } from './modules/users/service.js';

export interface ContainerOptions {
  clock?: Clock;
  /** PostgreSQL schema to use (tests run each suite in its own). */
  pgSchema?: string;
  /** The app logger (the console SMS provider writes each message to it). */
  log?: SmsLog;
}

/** Opens the database, runs migrations and wires repositories into services: the composition root. */
export async function createContainer(config: Config, options: ContainerOptions = {}) {
  const clock = options.clock ?? systemClock;
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgSchema: options.pgSchema ?? config.databaseSchema,
    dataDir: config.dataDir,
    sqliteSynchronous: config.sqliteSynchronous,
    namedStatements: config.namedStatements,
  });
  try {
    await migrateToLatest(
      database.db as unknown as Kysely<unknown>,
      database.dialect === 'postgres' ? (options.pgSchema ?? config.databaseSchema) : undefined,
    );
  } catch (error) {
    await database.close();
    throw error;
  }
  fs.mkdirSync(config.mediaDir, { recursive: true });
  const storage = await createMediaStorage(config);

  const repos = {
    users: new UserRepo(database.db),
    sessions: new SessionRepo(database.db),
    counters: await rateCounters(config, database),
    languages: new LanguageRepo(database.db),
  };
  const limits = new RateLimitService(repos.counters, clock);
  // One audit log that every module records its admin changes in.
  const audit = new AuditService(new AuditRepo(database.db), clock);
  // The catalogue's titles: the catalogue modules own them, and a playback session is for one of them.
  const titles = new TitleRepo(database.db);
  // Plans, subscriptions, payments, entitlements and playback sessions.
  const billing = createBillingModule({
    config,
    clock,
    db: database.db,
    accounts: repos.users,
    audit,
    titles,
  });
  // A session is read with its account's subscription and plan (one query: the signed-in calls that ask what the
  // viewer may watch, home rows and playlists, need no second read) and kept per access version, so a session
  // read before costs a call no query of its own.
  const liveSessions = new LiveSessionCache(billing.repos.subscriptions, repos.sessions.version);
  const services = {
    limits,
    auth: new AuthService(repos.users, repos.sessions, limits, clock, config, liveSessions),
    users: new UserService(repos.users, clock),
    languages: new LanguageService(repos.languages, storage, audit, clock),
  };
  const accounts = createAccountModules({
    config,
    clock,
    db: database.db,
    storage,
    log: options.log,
    users: repos.users,
    auth: services.auth,
    limits,
    languages: services.languages,
    audit,
    // Billing opens the free trial's subscription row as soon as an account exists.
    onAccountCreated: async (userId) => {
      await billing.services.subscriptions.state(userId);
    },
  });
  const admin = createAdminModules({
    db: database.db,
    dialect: database.dialect,
    clock,
    storage,
    limits,
    users: repos.users,
    audit,
    vitalsPerAddressPerMinute: config.vitalsPerAddressPerMinute,
    languages: repos.languages,
  });
  // Catalogue, movie administration, media pipeline and streaming (billing's entitlements decide who plays what,
  // and its playback sessions hold every feature stream address).
  const catalog = await createCatalogModules({
    config,
    clock,
    db: database.db,
    storage,
    languages: repos.languages,
    titles,
    entitlements: billing.services.entitlements,
    playbacks: billing.services.livePlaybacks,
    liveSessions,
    pgSchema: options.pgSchema ?? config.databaseSchema,
    locks: billing.services.entitlements,
    audit,
  });
  // Watch list, favourites, progress and ratings; its lists use the catalogue's cards.
  const library = createLibraryModule({ clock, db: database.db, cards: catalog.services.catalog });
  return {
    config,
    clock,
    database,
    storage,
    catalog,
    billing,
    library,
    repos: { ...repos, ...accounts.repos, ...admin.repos, ...catalog.repos, ...billing.repos },
    services: {
      ...services,
      ...accounts.services,
      ...admin.services,
      ...catalog.services,
      ...billing.services,
      userActivity: new UserActivityService(
        accounts.services.userAdmin,
        billing.services.subscriptions,
        library.services.library,
      ),
    },
  };
}

/** Rate limits and code counters: in the database, or in Redis with REDIS_URL (its client loaded only then). */
async function rateCounters(config: Config, database: DatabaseHandle): Promise<RateCounterRepo> {
  if (!config.redisUrl) return new RateCounterRepo(database.db);
  const { RedisRateCounterRepo, redisClient } = await import('./scale/redis-rate-counters.js');
  return new RedisRateCounterRepo(database.db, redisClient(config.redisUrl));
}

export type Container = Awaited<ReturnType<typeof createContainer>>;
