import type { TitleCard } from '@salomtv/contract';
import type { GenreNameRow, PublishedTranslation } from '../titles/translation-repo.js';
import { summaryOf } from './cards.js';

function innerMap<K, V>(maps: Map<string, Map<K, V>>, key: string): Map<K, V> {
  let inner = maps.get(key);
  if (!inner) {
    inner = new Map();
    maps.set(key, inner);
  }
  return inner;
}

interface TranslatedTexts {
  title: string;
  summary: string;
  description: string;
  tagline: string;
  /** In the order of the title's cast; '' where a name is written as in the original. */
  cast: string[];
}

function castNames(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.map((name) => (typeof name === 'string' ? name : '')) : [];
  } catch {
    return [];
  }
}

/** One language's texts of the published catalogue: cards and details come out in it where it has them. */
export class LanguageTexts {
  constructor(
    private readonly titles: ReadonlyMap<number, TranslatedTexts>,
    private readonly genres: ReadonlyMap<string, string>,
  ) {}

  /**
   * The card (or details) with its title, summary, description, tagline, cast and genres in this language where
   * translated.
   */
  card<T extends TitleCard & { description?: string; tagline?: string; cast?: string[] }>(card: T): T {
    const texts = this.titles.get(card.movie_id);
    const genres = this.genres.size
      ? card.genres.map((g) => this.genres.get(g.toLowerCase()) ?? g)
      : card.genres;
    if (!texts) return genres === card.genres ? card : { ...card, genres };
    return {
      ...card,
      title: texts.title,
      summary: texts.summary || card.summary,
      ...(card.description !== undefined ? { description: texts.description || card.description } : {}),
      ...(card.tagline !== undefined ? { tagline: texts.tagline || card.tagline } : {}),
      ...(card.cast !== undefined ? { cast: card.cast.map((name, i) => texts.cast[i] || name) } : {}),
      genres,
    };
  }
}

/**
 * The published catalogue's translations, read once per catalogue version: per language (keyed in lower case,
 * as `?lang=` may be written in any case), the titles' texts and the genres' names.
 */
export class CatalogTranslations {
  private readonly languages = new Map<string, LanguageTexts>();
  private readonly titlesByMovie = new Map<number, string[]>();
  private readonly namesByGenre = new Map<string, string[]>();

  constructor(titles: readonly PublishedTranslation[], genres: readonly GenreNameRow[]) {
    const titleMaps = new Map<string, Map<number, TranslatedTexts>>();
    const genreMaps = new Map<string, Map<string, string>>();
    for (const row of titles) {
      const texts = {
        title: row.title,
        summary: summaryOf(row.description),
        description: row.description,
        tagline: row.tagline,
        cast: castNames(row.cast_names),
      };
      innerMap(titleMaps, row.language.toLowerCase()).set(row.movie_id, texts);
      this.titlesByMovie.set(row.movie_id, [...(this.titlesByMovie.get(row.movie_id) ?? []), row.title]);
    }
    for (const row of genres) {
      innerMap(genreMaps, row.language.toLowerCase()).set(row.genre, row.name);
      this.namesByGenre.set(row.genre, [...(this.namesByGenre.get(row.genre) ?? []), row.name]);
    }
    for (const language of new Set([...titleMaps.keys(), ...genreMaps.keys()]))
      this.languages.set(
        language,
        new LanguageTexts(titleMaps.get(language) ?? new Map(), genreMaps.get(language) ?? new Map()),
      );
  }

  /** A language's texts; undefined when nothing is translated into it (cards go out as written). */
  in(language: string | undefined): LanguageTexts | undefined {
    return language ? this.languages.get(language.toLowerCase()) : undefined;
  }

  /** A title's names in every language it is translated into, which the search finds it by too. */
  titlesOf(movieId: number): readonly string[] {
    return this.titlesByMovie.get(movieId) ?? [];
  }

  /** A genre's names in every language, which the search finds its titles by too. */
  genreNamesOf(genre: string): readonly string[] {
    return this.namesByGenre.get(genre.toLowerCase()) ?? [];
  }
}
