import { describe, expect, it } from 'vitest';
import { migrationDatabase } from '../../test/migration-database.js';

describe('migration 0024: accounts whose number a code confirmed are verified', () => {
  const database = migrationDatabase();

  it('marks the accounts with a spent sign-up proof or a used phone-change code, and no other', async () => {
    const { db } = database;
    await database.migrateTo('0020-profiles');
    const at = '2026-06-01T10:00:00.000Z';
    const phones = ['+998901110001', '+998901110002', '+998901110003', '+998901110004'];
    for (const phone_number of phones) {
      await db
        .insertInto('users')
        .values({
          phone_number,
          password_hash: 'x',
          role: 'user',
          status: 'active',
          verified: 0,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const code = (phone_number: string, purpose: 'signup' | 'phone_change' | 'reset', used: boolean) => ({
      phone_number,
      purpose,
      code_hash: 'h',
      attempts: 0,
      expires_at: at,
      consumed_at: used ? at : null,
      proof_used_at: used && purpose === 'signup' ? at : null,
      created_at: at,
    });
    await db
      .insertInto('otp_codes')
      .values([
        code(phones[0]!, 'signup', true),
        code(phones[1]!, 'phone_change', true),
        // A code asked for but never used confirms nothing; the mark records sign-up and changes of number.
        code(phones[2]!, 'signup', false),
        code(phones[3]!, 'reset', true),
      ])
      .execute();
    await database.migrateToLatest();
    const rows = await db
      .selectFrom('users')
      .select(['phone_number', 'verified'])
      .orderBy('phone_number')
      .execute();
    expect(rows.map((row) => [row.phone_number, Number(row.verified)])).toEqual([
      [phones[0], 1],
      [phones[1], 1],
      [phones[2], 0],
      [phones[3], 0],
    ]);
  });
});
