import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { LegalPagesTable } from '../../../db/schema-admin.js';

export type LegalRow = Selectable<LegalPagesTable>;

/** The legal pages' texts, one row per page and language (lower-case keyword). */
export class LegalPageRepo {
  constructor(private readonly db: Kysely<Database>) {}

  find(page: string, language: string): Promise<LegalRow | undefined> {
    return this.db
      .selectFrom('legal_pages')
      .selectAll()
      .where('page', '=', page)
      .where('language', '=', language)
      .executeTakeFirst();
  }

  list(page: string): Promise<LegalRow[]> {
    return this.db
      .selectFrom('legal_pages')
      .selectAll()
      .where('page', '=', page)
      .orderBy('language')
      .execute();
  }

  async isEmpty(): Promise<boolean> {
    const row = await this.db.selectFrom('legal_pages').select('page').limit(1).executeTakeFirst();
    return row === undefined;
  }

  /** Writes a page's text in one language, replacing the one stored. */
  async put(row: LegalRow): Promise<void> {
    await this.db
      .insertInto('legal_pages')
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(['page', 'language']).doUpdateSet({
          title: row.title,
          body: row.body,
          updated_by: row.updated_by,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }
}
