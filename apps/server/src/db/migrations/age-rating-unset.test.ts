import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../../lib/tokens.js';
import { dropSchemas, whileMigrating } from '../../scale/test-schemas.js';
import { type DatabaseHandle, openDatabase } from '../database.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

const databaseUrl = process.env.TEST_DATABASE_URL || undefined;

describe('migration 0011: a title may have no age rating', () => {
  let dataDir: string;
  let pgSchema: string | undefined;
  let handle: DatabaseHandle;
  const now = '2026-06-01T10:00:00.000Z';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-migration-'));
    pgSchema = databaseUrl
      ? `t_${randomToken(8)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, '')}`
      : undefined;
    handle = await openDatabase({ databaseUrl, pgSchema, dataDir });
  });
  afterAll(async () => {
    await handle.close();
    if (databaseUrl && pgSchema) await dropSchemas(databaseUrl, pgSchema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the ratings of existing titles, and leaves a new one without', async () => {
    const db = handle.db;
    const raw = db as unknown as Kysely<unknown>;
    await whileMigrating(databaseUrl, () => migrateTo(raw, '0008-access-version', pgSchema));
    for (const [title, age_rating] of [
      ['Rated', '16+'],
      ['Defaulted', undefined],
    ] as const) {
      await db
        .insertInto('titles')
        .values({ title, created_at: now, updated_at: now, ...(age_rating ? { age_rating } : {}) } as never)
        .execute();
    }
    await whileMigrating(databaseUrl, () => migrateToLatest(raw, pgSchema));
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
