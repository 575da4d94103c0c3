import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { AdminSettingsTable } from '../../../db/schema-admin.js';

export type AdminSettingsRow = Selectable<AdminSettingsTable>;

export class AdminSettingsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: number): Promise<AdminSettingsRow | undefined> {
    return this.db.selectFrom('admin_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async upsert(row: Insertable<AdminSettingsTable>): Promise<void> {
    const { user_id: _userId, ...changes } = row;
    await this.db
      .insertInto('admin_settings')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
  }

  async delete(userId: number): Promise<void> {
    await this.db.deleteFrom('admin_settings').where('user_id', '=', userId).execute();
  }
}
