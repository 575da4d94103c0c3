import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

describe('migration 0016: rate counters know when their window ends', () => {
  const database = migrationDatabase();

  it('gives the counters it finds a day after their window started', async () => {
    const { db } = database;
    await database.migrateTo('0015-legal-pages');
    await db
      .insertInto('rate_counters')
      .values({ counter_key: 'login:+998901110003', window_start: '2026-06-01T10:00:00.000Z', hits: 3 })
      .execute();
    await database.migrateToLatest();
    expect(await db.selectFrom('rate_counters').selectAll().execute()).toEqual([
      {
        counter_key: 'login:+998901110003',
        window_start: '2026-06-01T10:00:00.000Z',
        hits: 3,
        expires_at: '2026-06-02T10:00:00.000Z',
      },
    ]);
  });
});
