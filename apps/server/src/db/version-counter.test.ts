import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { nextStamp } from '../lib/shared-read.js';
import { migrationDatabase } from '../test/migration-database.js';
import { isPostgres } from './migrations/helpers.js';
import { type VersionCounterTable, versionCounter } from './version-counter.js';

/**
 * Every table, with the counters whose caches read it, or why no cache needs to hear of its writes. A new table, or
 * a cache that starts reading another table, fails here until it is placed (and the migration adds the triggers).
 */
const TABLE_COUNTERS: Record<string, readonly VersionCounterTable[] | string> = {
  titles: ['catalog_version'],
  title_genres: ['catalog_version'],
  episodes: ['catalog_version'],
  media_assets: ['catalog_version'],
  title_ratings: ['catalog_version'],
  title_translations: ['catalog_version'],
  genre_names: ['catalog_version'],
  sessions: ['access_version'],
  profiles: ['access_version'],
  users: ['access_version'],
  subscriptions: ['access_version'],
  plans: ['access_version'],
  playback_sessions: ['playback_version'],
  seasons: 'read fresh by the title page; no cached answer lists seasons',
  subtitles: 'read fresh by the title page and the player',
  audio_tracks: 'read fresh by the title editor and the player',
  episode_translations: 'read fresh by the title page',
  audio_choices: 'per viewer, read fresh by the player',
  languages: 'the translation record is kept 5 s, and dropped at once by the instance that writes',
  legal_pages: 'read fresh',
  favourites: 'per viewer, read fresh',
  watchlist: 'per viewer, read fresh',
  playback_progress: 'per viewer, read fresh',
  title_views: 'counted for the dashboard, read fresh',
  notifications: 'read fresh',
  notification_receipts: 'read fresh',
  posts: 'read fresh',
  post_translations: 'read fresh, with the posts',
  feedback: 'read fresh',
  payments: 'read fresh',
  billing_events: 'webhook idempotence, read fresh',
  subscription_changes: 'the admin alerts, read fresh',
  checkout_sessions: 'read fresh',
  click_transactions: "Click's calls, read fresh by the next call",
  click_card_requests: 'cards waiting for their SMS code, read fresh by the next call',
  payme_transactions: "Payme's transactions, read fresh by the next call",
  payme_requests: "Payme's calls as they came, kept for disputes",
  media_jobs: 'the job queue, read fresh',
  otp_codes: 'read fresh',
  email_codes: 'read fresh',
  sms_queue: 'the outgoing queue, read fresh',
  sms_outbox: 'the console provider, read fresh',
  email_outbox: 'the console provider, read fresh',
  rate_counters: 'read fresh',
  audit_log: 'read fresh',
  admin_alert_reads: 'read fresh',
  admin_settings: 'read fresh',
  app_secrets: 'read once at start',
  totp_factors: 'read fresh at each second step and setup',
  passkeys: 'read fresh at each second step and setup',
  recovery_codes: 'read fresh at each second step',
  pending_sign_ins: 'read fresh by the second step (not a session: the access check never reads it)',
  passkey_registrations: 'read fresh when a passkey is added',
  security_settings: 'read fresh by each admin call',
  web_vitals: 'read fresh by the dashboard',
  playback_quality_hours: "the players' quality reports, read fresh by the dashboard",
  backups: 'the Backups screen and the alerts, read fresh',
};
const COUNTERS: readonly VersionCounterTable[] = ['catalog_version', 'access_version', 'playback_version'];

describe('version counters and the tables they watch', () => {
  const database = migrationDatabase();

  it('places every table, and each watched table bumps exactly the counters placed for it', async () => {
    const { db } = database;
    await database.migrateToLatest();
    const untyped = db as never;
    const postgres = isPostgres(untyped);
    const schema = postgres
      ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]!.name
      : undefined;
    const tables = (await db.introspection.getTables())
      .filter((table) => !postgres || table.schema === schema)
      .map((table) => table.name)
      .filter((name) => !(COUNTERS as readonly string[]).includes(name))
      // The migration tool's own bookkeeping.
      .filter((name) => !name.startsWith('kysely_'));
    expect(tables.sort()).toEqual(Object.keys(TABLE_COUNTERS).sort());

    const triggers = postgres
      ? (
          await sql<{ table: string; body: string }>`
            select event_object_table as "table", action_statement as body
            from information_schema.triggers where trigger_schema = current_schema()`.execute(db)
        ).rows
      : (
          await sql<{ table: string; body: string }>`
            select tbl_name as "table", sql as body from sqlite_master where type = 'trigger'`.execute(db)
        ).rows;
    const bumped = new Map<string, Set<string>>();
    for (const { table, body } of triggers)
      for (const counter of COUNTERS)
        if (body.includes(counter)) bumped.set(table, (bumped.get(table) ?? new Set()).add(counter));
    for (const [table, placed] of Object.entries(TABLE_COUNTERS)) {
      const expected = typeof placed === 'string' ? [] : [...placed].sort();
      expect([...(bumped.get(table) ?? [])].sort(), table).toEqual(expected);
    }
  });

  it("reads the three counters in one query, so a request's later ask takes its session check's read", async () => {
    const { db } = database;
    await database.migrateToLatest();
    // Counted as their results come back: a prepared read is compiled once and sent many times.
    const queries: unknown[] = [];
    const counted = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries.push(args.result);
        return args.result;
      },
    });
    const access = versionCounter(counted, 'access_version');
    const catalog = versionCounter(counted, 'catalog_version');
    const before = { access: await access(), catalog: await catalog() };
    expect(queries).toHaveLength(2);

    await sql`update catalog_version set version = version + 1 where id = 1`.execute(db);
    const arrival = nextStamp();
    expect(await access()).toBe(before.access);
    // Sent after the request arrived: the same read answers the catalogue's ask, with the write in it.
    expect(await catalog(arrival)).toBe(before.catalog + 1);
    expect(queries).toHaveLength(3);
    // Without an arrival, every ask after a read was sent gets a read of its own.
    expect(await catalog()).toBe(before.catalog + 1);
    expect(queries).toHaveLength(4);
  });
});
