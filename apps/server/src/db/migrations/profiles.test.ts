import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';
import { isPostgres } from './helpers.js';

const AT = '2026-06-01T10:00:00.000Z';

/** Every index name of the database (SQLite's catalogue, or PostgreSQL's for the test's schema). */
async function indexNames(db: import('kysely').Kysely<unknown>): Promise<string[]> {
  const postgres = isPostgres(db);
  const { rows } = postgres
    ? await sql<{
        name: string;
      }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db);
  return rows.map((row) => row.name);
}

describe('migration 0020: every account gets a profile holding what it had', () => {
  const database = migrationDatabase();

  it("moves the watch list, favourites, progress, ratings, read notifications, audio choices and sessions onto the owner's profile", async () => {
    const { db } = database;
    await database.migrateTo('0019-more-translations');
    const raw = db as never as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
    for (const [user_id, phone, first_name, language] of [
      [1, '+998900000001', 'Dilnoza', 'Uz'],
      [2, '+998900000002', null, null],
      [3, '+998900000003', 'A'.repeat(60), null],
    ] as const)
      await raw
        .insertInto('users')
        .values({
          user_id,
          phone_number: phone,
          password_hash: 'x',
          role: 'user',
          status: 'active',
          verified: 1,
          first_name,
          language,
          created_at: AT,
          updated_at: AT,
        })
        .execute();
    await raw
      .insertInto('titles')
      .values({
        movie_id: 10,
        title: 'Harbour',
        kind: 'movie',
        status: 'published',
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    await raw
      .insertInto('notifications')
      .values({
        notification_id: 5,
        title: 'Hi',
        body: 'Hello',
        audience: 'all',
        send_at: AT,
        created_by: 1,
        created_at: AT,
      })
      .execute();
    for (const user_id of [1, 2]) {
      await raw.insertInto('watchlist').values({ user_id, title_id: 10, created_at: AT }).execute();
      await raw.insertInto('favourites').values({ user_id, title_id: 10, created_at: AT }).execute();
      await raw
        .insertInto('playback_progress')
        .values({
          user_id,
          title_id: 10,
          episode_id: 0,
          position_seconds: 60 * user_id,
          duration_seconds: 600,
          finished: 0,
          updated_at: AT,
        })
        .execute();
      await raw
        .insertInto('title_ratings')
        .values({ user_id, title_id: 10, stars: 3 + user_id, updated_at: AT })
        .execute();
      await raw
        .insertInto('notification_receipts')
        .values({ user_id, notification_id: 5, read_at: AT })
        .execute();
      await raw
        .insertInto('audio_choices')
        .values({ user_id, movie_id: 10, language: 'ru', updated_at: AT })
        .execute();
      await raw
        .insertInto('sessions')
        .values({
          session_hash: `s${user_id}`,
          user_id,
          remember: 0,
          created_at: AT,
          expires_at: '2027-01-01T00:00:00.000Z',
        })
        .execute();
    }
    await database.migrateToLatest();

    const profiles = await raw.selectFrom('profiles').selectAll().orderBy('user_id').execute();
    expect(
      profiles.map((p) => [p.user_id, p.name, p.language, p.maturity, Number(p.kids), p.position]),
    ).toEqual([
      [1, 'Dilnoza', 'Uz', '18+', 0, 0],
      [2, 'Me', null, '18+', 0, 0],
      [3, 'A'.repeat(40), null, '18+', 0, 0],
    ]);
    const profileOf = new Map(profiles.map((p) => [p.user_id, p.profile_id]));
    for (const table of [
      'watchlist',
      'favourites',
      'playback_progress',
      'title_ratings',
      'notification_receipts',
      'audio_choices',
      'sessions',
    ]) {
      const rows = await raw.selectFrom(table).select(['user_id', 'profile_id']).orderBy('user_id').execute();
      expect(
        rows.map((row) => [row.user_id, row.profile_id]),
        table,
      ).toEqual([
        [1, profileOf.get(1)],
        [2, profileOf.get(2)],
      ]);
    }
    const progress = await raw
      .selectFrom('playback_progress')
      .select(['progress_id', 'position_seconds'])
      .execute();
    expect(progress.map((row) => Number(row.position_seconds)).sort()).toEqual([120, 60].sort());

    // The keys now hold per profile: a second profile of the account lists the same title on its own.
    const second = await raw
      .insertInto('profiles')
      .values({ user_id: 1, name: 'Kid', avatar: 'avatar:1', position: 1, created_at: AT, updated_at: AT })
      .returning('profile_id')
      .executeTakeFirstOrThrow();
    await raw
      .insertInto('watchlist')
      .values({ user_id: 1, profile_id: second.profile_id, title_id: 10, created_at: AT })
      .execute();
    await raw
      .insertInto('playback_progress')
      .values({
        user_id: 1,
        profile_id: second.profile_id,
        title_id: 10,
        episode_id: 0,
        position_seconds: 5,
        duration_seconds: 600,
        finished: 0,
        updated_at: AT,
      })
      .execute();
    const count = await sql<{ n: number }>`select count(*) as n from watchlist where user_id = 1`.execute(db);
    expect(Number(count.rows[0]!.n)).toBe(2);
    // The per-profile indexes stand on both databases.
    const indexes = await indexNames(db as never);
    for (const name of [
      'watchlist_profile_created_idx',
      'favourites_profile_created_idx',
      'playback_progress_profile_updated_idx',
      'title_ratings_title_account_idx',
    ])
      expect(indexes).toContain(name);
    expect(indexes).not.toContain('title_ratings_title_stars_idx');
    expect(indexes).not.toContain('watchlist_user_created_idx');
    // ...and the same profile still cannot hold it twice.
    await expect(
      raw
        .insertInto('watchlist')
        .values({ user_id: 1, profile_id: second.profile_id, title_id: 10, created_at: AT })
        .execute(),
    ).rejects.toThrow();
  });
});
