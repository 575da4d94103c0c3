import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken } from '../../lib/tokens.js';
import { dropSchemas, whileMigrating } from '../../scale/test-schemas.js';
import { type DatabaseHandle, openDatabase } from '../database.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

/** Emails stored before confirmation by mail existed: which stay sign-in names (migration 0009-account-ownership). */
describe('account-ownership migration', () => {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const pgSchema = databaseUrl
    ? `t_${randomToken(8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}`
    : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-migration-'));
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl, pgSchema, dataDir });
  });
  afterAll(async () => {
    await handle.close();
    if (databaseUrl && pgSchema) await dropSchemas(databaseUrl, pgSchema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps an email an admin entered at creation; every other stored email waits for its code', async () => {
    const db = handle.db;
    const unknownDb = db as unknown as Kysely<unknown>;
    await whileMigrating(databaseUrl, () => migrateTo(unknownDb, '0008-access-version', pgSchema));
    const now = '2026-01-01T00:00:00.000Z';
    const account = async (phone: string, email: string | null) =>
      (
        await db
          .insertInto('users')
          .values({
            phone_number: phone,
            email,
            password_hash: 'x',
            role: 'user',
            status: 'active',
            verified: 0,
            created_at: now,
            updated_at: now,
          })
          .returning('user_id')
          .executeTakeFirstOrThrow()
      ).user_id;
    const adminCreated = async (userId: number, email: string) => {
      await db
        .insertInto('audit_log')
        .values({
          actor_user_id: null,
          action: 'create',
          entity: 'user',
          entity_id: String(userId),
          before: null,
          after: JSON.stringify({ phone_number: 'x', email }),
          created_at: now,
        })
        .execute();
    };
    const selfSet = await account('+998901000001', 'self@example.com');
    const byAdmin = await account('+998901000002', 'admin@example.com');
    await adminCreated(byAdmin, 'admin@example.com');
    const changedSince = await account('+998901000003', 'new@example.com');
    await adminCreated(changedSince, 'old@example.com');
    const none = await account('+998901000004', null);

    await whileMigrating(databaseUrl, () => migrateToLatest(unknownDb, pgSchema));

    const rows = await db
      .selectFrom('users')
      .select(['user_id', 'email', 'pending_email'])
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual([
      { user_id: selfSet, email: null, pending_email: 'self@example.com' },
      { user_id: byAdmin, email: 'admin@example.com', pending_email: null },
      { user_id: changedSince, email: null, pending_email: 'new@example.com' },
      { user_id: none, email: null, pending_email: null },
    ]);
  });
});
