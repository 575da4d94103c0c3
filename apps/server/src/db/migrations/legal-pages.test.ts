import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

describe('migration 0015: legal pages, and countries stored as ISO codes', () => {
  const database = migrationDatabase();
  const now = '2026-06-01T10:00:00.000Z';

  it("turns the spec's Pakistan and India into PK and IN, and keeps one text per page and language", async () => {
    const { db } = database;
    await database.migrateTo('0014-plan-changes');
    for (const [phone, nationality] of [
      ['+923001110001', 'Pakistan'],
      ['+919812340003', 'india'],
      ['+998901110003', null],
    ] as const) {
      await db
        .insertInto('users')
        .values({
          phone_number: phone,
          password_hash: 'x',
          role: 'user',
          status: 'active',
          verified: 0,
          nationality,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await database.migrateToLatest();
    const users = await db.selectFrom('users').select('nationality').orderBy('user_id').execute();
    expect(users.map((u) => u.nationality)).toEqual(['PK', 'IN', null]);

    const text = {
      page: 'terms',
      language: 'en',
      title: 'Terms',
      body: '<p>x</p>',
      updated_by: null,
      updated_at: now,
    };
    await db.insertInto('legal_pages').values(text).execute();
    await expect(db.insertInto('legal_pages').values(text).execute()).rejects.toThrow();
    await db
      .insertInto('legal_pages')
      .values({ ...text, language: 'ur' })
      .execute();
    expect(await db.selectFrom('legal_pages').select('language').orderBy('language').execute()).toEqual([
      { language: 'en' },
      { language: 'ur' },
    ]);
  });
});
