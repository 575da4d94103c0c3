import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { EmailCodesTable } from '../../../db/schema-accounts.js';

export type EmailCodeRow = Selectable<EmailCodesTable>;

/** Codes mailed to confirm an account's email. Every state change is a conditional UPDATE, as for SMS codes. */
export class EmailCodeRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(values: Insertable<EmailCodesTable>): Promise<number> {
    const row = await this.db
      .insertInto('email_codes')
      .values(values)
      .returning('code_id')
      .executeTakeFirstOrThrow();
    return row.code_id;
  }

  /** The account's newest code: mailing a new one replaces the older ones. */
  latest(userId: number): Promise<EmailCodeRow | undefined> {
    return this.db
      .selectFrom('email_codes')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('code_id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Counts a wrong try unless the code is used or dead; answers the tries counted so far, or null if none was. */
  async addWrongAttempt(codeId: number, maxAttempts: number): Promise<number | null> {
    const row = await this.db
      .updateTable('email_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('code_id', '=', codeId)
      .where('attempts', '<', maxAttempts)
      .where('consumed_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    return row ? row.attempts : null;
  }

  /** Uses the code up; exactly one caller gets true however many try at once. */
  async consume(codeId: number, nowIso: string, maxAttempts: number): Promise<boolean> {
    const result = await this.db
      .updateTable('email_codes')
      .set({ consumed_at: nowIso })
      .where('code_id', '=', codeId)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async delete(codeId: number): Promise<void> {
    await this.db.deleteFrom('email_codes').where('code_id', '=', codeId).execute();
  }

  /** Housekeeping: codes older than a day are of no use to anyone. */
  async deleteCreatedBefore(iso: string): Promise<void> {
    await this.db.deleteFrom('email_codes').where('created_at', '<', iso).execute();
  }
}
