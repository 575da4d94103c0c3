import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { OtpCodesTable } from '../../../db/schema-accounts.js';

export type OtpRow = Selectable<OtpCodesTable>;
export type OtpPurposeName = OtpCodesTable['purpose'];

/**
 * One-time codes. Every state change is a conditional UPDATE, so parallel requests cannot both win; guesses are
 * counted by the rate limits (`guardTry`).
 */
export class OtpCodeRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(values: Insertable<OtpCodesTable>): Promise<number> {
    const row = await this.db
      .insertInto('otp_codes')
      .values(values)
      .returning('otp_id')
      .executeTakeFirstOrThrow();
    return row.otp_id;
  }

  /** The newest code for a number and purpose: sending a new code replaces the older ones. */
  latest(phone: string, purpose: OtpPurposeName): Promise<OtpRow | undefined> {
    return this.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('phone_number', '=', phone)
      .where('purpose', '=', purpose)
      .orderBy('otp_id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  findById(otpId: number): Promise<OtpRow | undefined> {
    return this.db.selectFrom('otp_codes').selectAll().where('otp_id', '=', otpId).executeTakeFirst();
  }

  /** Uses the code up; exactly one caller gets true however many try at once. */
  async consume(otpId: number, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('otp_codes')
      .set({ consumed_at: nowIso })
      .where('otp_id', '=', otpId)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks the sign-up proof of a used code as spent; true for the one caller that did. */
  async useProof(otpId: number, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('otp_codes')
      .set({ proof_used_at: nowIso })
      .where('otp_id', '=', otpId)
      .where('consumed_at', 'is not', null)
      .where('proof_used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(otpId: number): Promise<void> {
    await this.db.deleteFrom('otp_codes').where('otp_id', '=', otpId).execute();
  }

  /** Housekeeping: codes older than a day are of no use to anyone. */
  async deleteCreatedBefore(iso: string): Promise<void> {
    await this.db.deleteFrom('otp_codes').where('created_at', '<', iso).execute();
  }
}
