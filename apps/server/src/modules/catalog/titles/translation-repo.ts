import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type {
  EpisodeTranslationsTable,
  GenreNamesTable,
  TitleTranslationsTable,
} from '../../../db/schema-catalog.js';

export type TitleTranslationRow = Selectable<TitleTranslationsTable>;
export type EpisodeTranslationRow = Selectable<EpisodeTranslationsTable>;
/** What the catalogue reads of every published title's translations. */
export type PublishedTranslation = Pick<
  TitleTranslationRow,
  'movie_id' | 'language' | 'title' | 'description' | 'tagline' | 'cast_names'
>;
export type GenreNameRow = Selectable<GenreNamesTable>;

/** Titles' texts and genres' names per language (migration 0017). */
export class TranslationRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every published title's translations: the catalogue reads them once per catalogue version. */
  publishedTitles(): Promise<PublishedTranslation[]> {
    return this.db
      .selectFrom('title_translations')
      .innerJoin('titles', 'titles.movie_id', 'title_translations.movie_id')
      .select([
        'title_translations.movie_id',
        'title_translations.language',
        'title_translations.title',
        'title_translations.description',
        'title_translations.tagline',
        'title_translations.cast_names',
      ])
      .where('titles.status', '=', 'published')
      .execute();
  }

  genreNames(): Promise<GenreNameRow[]> {
    return this.db.selectFrom('genre_names').selectAll().execute();
  }

  /** Every genre titles carry (lower case), with how many carry it, most used first. */
  async genresInUse(): Promise<{ genre: string; titles: number }[]> {
    const rows = await this.db
      .selectFrom('title_genres')
      .select((eb) => ['genre', eb.fn.countAll<number>().as('titles')])
      .groupBy('genre')
      .orderBy('titles', 'desc')
      .orderBy('genre')
      .execute();
    return rows.map((row) => ({ genre: row.genre, titles: Number(row.titles) }));
  }

  async setGenreName(row: GenreNameRow): Promise<void> {
    await this.db
      .insertInto('genre_names')
      .values(row)
      .onConflict((oc) => oc.columns(['genre', 'language']).doUpdateSet({ name: row.name }))
      .execute();
  }

  async removeGenreName(genre: string, language: string): Promise<void> {
    await this.db
      .deleteFrom('genre_names')
      .where('genre', '=', genre)
      .where('language', '=', language)
      .execute();
  }

  listForTitle(movieId: number): Promise<TitleTranslationRow[]> {
    return this.db
      .selectFrom('title_translations')
      .selectAll()
      .where('movie_id', '=', movieId)
      .orderBy('language')
      .execute();
  }

  /** Sets the title's texts in a language, replacing what it had. */
  async upsert(row: TitleTranslationRow): Promise<void> {
    await this.db
      .insertInto('title_translations')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['movie_id', 'language']).doUpdateSet({
          title: row.title,
          description: row.description,
          tagline: row.tagline,
          cast_names: row.cast_names,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /** Whether there was a translation to remove. */
  async remove(movieId: number, language: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('title_translations')
      .where('movie_id', '=', movieId)
      .where('language', '=', language)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Fills an empty genre_names table; whether it did. */
  async seedGenreNames(rows: GenreNameRow[]): Promise<boolean> {
    const any = await this.db.selectFrom('genre_names').select('genre').limit(1).executeTakeFirst();
    if (any || rows.length === 0) return false;
    await this.db
      .insertInto('genre_names')
      .values(rows)
      .onConflict((oc) => oc.columns(['genre', 'language']).doNothing())
      .execute();
    return true;
  }

  /** The translations of every episode of a title. */
  listEpisodeTranslations(movieId: number): Promise<EpisodeTranslationRow[]> {
    return this.db
      .selectFrom('episode_translations')
      .innerJoin('episodes', 'episodes.episode_id', 'episode_translations.episode_id')
      .selectAll('episode_translations')
      .where('episodes.movie_id', '=', movieId)
      .orderBy('episode_translations.episode_id')
      .orderBy('episode_translations.language')
      .execute();
  }

  /** A title's episodes' texts in one language (keyword in any case), by episode. */
  async episodeTextsIn(movieId: number, language: string): Promise<Map<number, EpisodeTranslationRow>> {
    const rows = await this.db
      .selectFrom('episode_translations')
      .innerJoin('episodes', 'episodes.episode_id', 'episode_translations.episode_id')
      .selectAll('episode_translations')
      .where('episodes.movie_id', '=', movieId)
      .where((eb) => eb(eb.fn('lower', ['episode_translations.language']), '=', language.toLowerCase()))
      .execute();
    return new Map(rows.map((row) => [row.episode_id, row]));
  }

  async upsertEpisode(row: EpisodeTranslationRow): Promise<void> {
    await this.db
      .insertInto('episode_translations')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['episode_id', 'language']).doUpdateSet({
          title: row.title,
          description: row.description,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /** True when there was a translation to remove. */
  async removeEpisode(episodeId: number, language: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('episode_translations')
      .where('episode_id', '=', episodeId)
      .where('language', '=', language)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
