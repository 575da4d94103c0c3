import { type Kysely, sql } from 'kysely';

/**
 * Accounts whose number was confirmed by a code are verified: sign-up (a spent sign-up proof) and a phone change
 * (a used phone-change code) now set `users.verified`; accounts made before that get it from the codes on record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update users set verified = 1
    where verified = 0 and phone_number in (
      select phone_number from otp_codes
      where (purpose = 'signup' and proof_used_at is not null)
         or (purpose = 'phone_change' and consumed_at is not null)
    )`.execute(db);
}
