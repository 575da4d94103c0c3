import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Database, LanguagesTable } from '../../db/schema.js';

export type LanguageRow = Selectable<LanguagesTable>;

/** The tables that keep texts per language under its keyword as the languages table spells it. */
const TEXTS_BY_KEYWORD = ['title_translations', 'episode_translations', 'genre_names'] as const;
/** The display language chosen by an account and by a profile (a keyword; null follows the browser). */
const CHOSEN_LANGUAGE = ['users', 'profiles'] as const;

/** Deletes every text kept under a keyword (given in lower case). */
async function dropTexts(trx: Kysely<Database>, keywordLower: string): Promise<void> {
  for (const table of TEXTS_BY_KEYWORD)
    await trx.deleteFrom(table).where(sql<string>`lower(language)`, '=', keywordLower).execute();
  await trx.deleteFrom('legal_pages').where('language', '=', keywordLower).execute();
}

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

  /**
   * Updates a language. Given the keyword it had, a new keyword moves with it everywhere it is written (translated
   * titles, episodes and genres, legal pages, the language accounts and profiles chose), in the same transaction.
   */
  async update(langId: number, values: Updateable<LanguagesTable>, keywordBefore?: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('languages').set(values).where('lang_id', '=', langId).execute();
      const keyword = values.keyword;
      if (keyword === undefined || keywordBefore === undefined || keyword === keywordBefore) return;
      const before = keywordBefore.toLowerCase();
      const after = keyword.toLowerCase();
      // No language had the new keyword: texts left under it (by a deletion before they went with it) are dropped.
      if (after !== before) await dropTexts(trx, after);
      for (const table of [...TEXTS_BY_KEYWORD, ...CHOSEN_LANGUAGE])
        await trx
          .updateTable(table)
          .set({ language: keyword })
          .where(sql<string>`lower(language)`, '=', before)
          .execute();
      await trx.updateTable('legal_pages').set({ language: after }).where('language', '=', before).execute();
    });
  }

  /** Deletes a language with its texts; accounts and profiles that chose it follow the browser again. */
  async delete(langId: number, keyword: string): Promise<void> {
    const lower = keyword.toLowerCase();
    await this.db.transaction().execute(async (trx) => {
      await dropTexts(trx, lower);
      for (const table of CHOSEN_LANGUAGE)
        await trx
          .updateTable(table)
          .set({ language: null })
          .where(sql<string>`lower(language)`, '=', lower)
          .execute();
      await trx.deleteFrom('languages').where('lang_id', '=', langId).execute();
    });
  }
}
