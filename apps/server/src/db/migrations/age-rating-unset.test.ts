import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

describe('migration 0011: a title may have no age rating', () => {
  const database = migrationDatabase();
  const now = '2026-06-01T10:00:00.000Z';

  it('keeps the ratings of existing titles, and leaves a new one without', async () => {
    const { db } = database;
    await database.migrateTo('0008-access-version');
    for (const [title, age_rating] of [
      ['Rated', '16+'],
      ['Defaulted', undefined],
    ] as const) {
      await db
        .insertInto('titles')
        .values({ title, created_at: now, updated_at: now, ...(age_rating ? { age_rating } : {}) } as never)
        .execute();
    }
    await database.migrateToLatest();
    await db
      .insertInto('titles')
      .values({ title: 'New', created_at: now, updated_at: now } as never)
      .execute();
    const rows = await db.selectFrom('titles').select(['title', 'age_rating']).orderBy('movie_id').execute();
    expect(rows).toEqual([
      { title: 'Rated', age_rating: '16+' },
      { title: 'Defaulted', age_rating: 'All' },
      { title: 'New', age_rating: null },
    ]);
  });
});
