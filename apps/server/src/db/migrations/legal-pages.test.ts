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

describe('migration 0015: legal pages, and countries stored as ISO codes', () => {
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

  it("turns the spec's Pakistan and India into PK and IN, and keeps one text per page and language", async () => {
    const db = handle.db;
    const raw = db as unknown as Kysely<unknown>;
    await whileMigrating(databaseUrl, () => migrateTo(raw, '0014-plan-changes', pgSchema));
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
    await whileMigrating(databaseUrl, () => migrateToLatest(raw, pgSchema));
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
