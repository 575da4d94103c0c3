import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

/** Emails stored before confirmation by mail existed: which stay sign-in names (migration 0009-account-ownership). */
describe('account-ownership migration', () => {
  const database = migrationDatabase();

  it('keeps an email an admin entered at creation; every other stored email waits for its code', async () => {
    const { db } = database;
    await database.migrateTo('0008-access-version');
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

    await database.migrateToLatest();

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
