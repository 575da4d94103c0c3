import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, LanguagesTable } from '../../db/schema.js';

export type LanguageRow = Selectable<LanguagesTable>;

export class LanguageRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<LanguageRow[]> {
    return this.db
      .selectFrom('languages')
      .selectAll()
      .orderBy('is_default', 'desc')
      .orderBy('lang_id')
      .execute();
  }

  findById(langId: number): Promise<LanguageRow | undefined> {
    return this.db.selectFrom('languages').selectAll().where('lang_id', '=', langId).executeTakeFirst();
  }

  findByKeyword(keyword: string): Promise<LanguageRow | undefined> {
    return this.db
      .selectFrom('languages')
      .selectAll()
      .where('keyword_lower', '=', keyword.toLowerCase())
      .executeTakeFirst();
  }

  findDefault(): Promise<LanguageRow | undefined> {
    return this.db.selectFrom('languages').selectAll().where('is_default', '=', 1).executeTakeFirst();
  }

  insert(values: Insertable<LanguagesTable>): Promise<LanguageRow> {
    return this.db.insertInto('languages').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async update(langId: number, values: Updateable<LanguagesTable>): Promise<void> {
    await this.db.updateTable('languages').set(values).where('lang_id', '=', langId).execute();
  }

  async delete(langId: number): Promise<void> {
    await this.db.deleteFrom('languages').where('lang_id', '=', langId).execute();
  }
}
