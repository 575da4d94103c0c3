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

  /** Uses the code up; exactly one caller gets true however many try at once. */
  async consume(codeId: number, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('email_codes')
      .set({ consumed_at: nowIso })
      .where('code_id', '=', codeId)
      .where('consumed_at', 'is', null)
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
