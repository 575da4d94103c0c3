import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** The site's sign-in policy (one row, made by migration 0026). */
export class SecurityPolicyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async adminsNeedSecondFactor(): Promise<boolean> {
    const row = await this.db
      .selectFrom('security_settings')
      .select('require_admin_second_factor')
      .where('id', '=', 1)
      .executeTakeFirst();
    // A missing row is a broken install: refuse rather than open the admin area.
    return row === undefined || row.require_admin_second_factor === 1;
  }

  async setAdminsNeedSecondFactor(required: boolean, nowIso: string): Promise<void> {
    await this.db
      .updateTable('security_settings')
      .set({ require_admin_second_factor: required ? 1 : 0, updated_at: nowIso })
      .where('id', '=', 1)
      .execute();
  }
}
