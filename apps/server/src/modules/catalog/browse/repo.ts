import {
  type AgeRating,
  averageStars,
  type CATALOG_ORDERS,
  KIDS_AGE_RATINGS,
  ratingsWithin,
} from '@salomtv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { versionCounter } from '../../../db/version-counter.js';
import type { TitleRow } from '../titles/repo.js';

export type SearchableRow = Pick<
  TitleRow,
  'movie_id' | 'title' | 'genres' | 'cast_list' | 'tags' | 'view_count' | 'age_rating'
>;

export interface CatalogFilter {
  kind?: TitleRow['kind'] | undefined;
  /** Lower-case genre (the title_genres key). */
  genre?: string | undefined;
  collection?: string | undefined;
  kids?: boolean | undefined;
  /** The viewer's maturity ceiling: titles rated above it, and unrated ones, are left out (null: none). */
  ceiling?: AgeRating | null | undefined;
  featured?: boolean | undefined;
  /** true: release date after today; false: released (no date or not after today). */
  upcoming?: boolean | undefined;
  /** YYYY-MM-DD from the clock. */
  today: string;
  order?: (typeof CATALOG_ORDERS)[number] | undefined;
  limit: number;
  offset?: number;
}

/** Read-only queries over published titles for the viewer catalogue (the movies module owns the tables). */
export class CatalogRepo {
  /**
   * The catalogue's version: any write that changes a card bumps it (database triggers, migration 0007). Every
   * home rows call asks; the calls of one turn of the event loop share one read.
   */
  readonly version: (arrival?: number) => Promise<number>;

  constructor(private readonly db: Kysely<Database>) {
    this.version = versionCounter(db, 'catalog_version');
  }

  private published(filter: Omit<CatalogFilter, 'limit' | 'offset' | 'order'>) {
    let query = this.db.selectFrom('titles').where('status', '=', 'published');
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    // An unrated title (null) matches no rating, so it stays out of the kids section.
    if (filter.kids) query = query.where('age_rating', 'in', [...KIDS_AGE_RATINGS]);
    if (filter.ceiling && filter.ceiling !== '18+')
      query = query.where('age_rating', 'in', ratingsWithin(filter.ceiling));
    if (filter.featured !== undefined) query = query.where('featured', '=', filter.featured ? 1 : 0);
    if (filter.genre) {
      const genre = filter.genre;
      query = query.where('movie_id', 'in', (eb) =>
        eb.selectFrom('title_genres').select('movie_id').where('genre', '=', genre),
      );
    }
    // Collections are a JSON list of known names (the contract's enum), so a quoted match is exact.
    if (filter.collection)
      query = query.where('collections', 'like', `%"${filter.collection.replace(/[%"\\]/g, '')}"%`);
    if (filter.upcoming === true) query = query.where('release_date', '>', filter.today);
    if (filter.upcoming === false) {
      query = query.where((eb) =>
        eb.or([eb('release_date', 'is', null), eb('release_date', '<=', filter.today)]),
      );
    }
    return query;
  }

  async list(filter: CatalogFilter): Promise<{ rows: TitleRow[]; total: number }> {
    const [items, total] = await Promise.all([
      this.page(filter),
      this.published(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst(),
    ]);
    return { rows: items, total: Number(total?.n ?? 0) };
  }

  /** One page of titles without the total (the rows of the home pages need no count). */
  page(filter: CatalogFilter): Promise<TitleRow[]> {
    let rows = this.published(filter).selectAll();
    if (filter.order === 'popular') rows = rows.orderBy('view_count', 'desc');
    if (filter.order === 'release') rows = rows.orderBy('release_date', 'asc');
    return rows
      .orderBy('created_at', 'desc')
      .orderBy('movie_id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset ?? 0)
      .execute();
  }

  /** What the search index reads of every published title (browse/search-index.ts). */
  searchable(): Promise<SearchableRow[]> {
    return this.db
      .selectFrom('titles')
      .select(['movie_id', 'title', 'genres', 'cast_list', 'tags', 'view_count', 'age_rating'])
      .where('status', '=', 'published')
      .execute();
  }

  /** Published titles by id, in no particular order. */
  publishedByIds(movieIds: number[]): Promise<TitleRow[]> {
    if (movieIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('titles')
      .selectAll()
      .where('status', '=', 'published')
      .where('movie_id', 'in', movieIds)
      .execute();
  }

  /** Average stars (one decimal) and count of rating accounts per title (title_ratings, the library module's). */
  async ratingsOf(movieIds: number[]): Promise<Map<number, { average: number; count: number }>> {
    const ids = [...new Set(movieIds)];
    if (ids.length === 0) return new Map();
    // Counted per account (its profiles' mean), as the title page counts them.
    const rows = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('title_ratings')
          .select((inner) => ['title_id', 'user_id', inner.fn.avg<number>('stars').as('stars')])
          .where('title_id', 'in', ids)
          .groupBy(['title_id', 'user_id'])
          .as('accounts'),
      )
      .select((eb) => [
        'accounts.title_id',
        eb.fn.sum<number>('accounts.stars').as('sum'),
        eb.fn.countAll<number>().as('count'),
      ])
      .groupBy('accounts.title_id')
      .execute();
    return new Map(
      rows.map((r) => [
        r.title_id,
        { average: averageStars(Number(r.sum), Number(r.count)), count: Number(r.count) },
      ]),
    );
  }

  findPublished(movieId: number): Promise<TitleRow | undefined> {
    return this.db
      .selectFrom('titles')
      .selectAll()
      .where('movie_id', '=', movieId)
      .where('status', '=', 'published')
      .executeTakeFirst();
  }

  /** Published titles sharing the most genres with the given ones. */
  async similar(
    movieId: number,
    genres: string[],
    limit: number,
    ceiling: AgeRating | null,
  ): Promise<TitleRow[]> {
    if (genres.length === 0) return [];
    const ranked = await this.db
      .selectFrom('title_genres')
      .innerJoin('titles', 'titles.movie_id', 'title_genres.movie_id')
      .select(['title_genres.movie_id', (eb) => eb.fn.countAll<number>().as('shared')])
      .where('title_genres.genre', 'in', genres)
      .where('title_genres.movie_id', '!=', movieId)
      .where('titles.status', '=', 'published')
      .$if(ceiling !== null && ceiling !== '18+', (q) =>
        q.where('titles.age_rating', 'in', ratingsWithin(ceiling!)),
      )
      .groupBy('title_genres.movie_id')
      .orderBy('shared', 'desc')
      .orderBy('title_genres.movie_id', 'desc')
      .limit(limit)
      .execute();
    if (ranked.length === 0) return [];
    const rows = await this.db
      .selectFrom('titles')
      .selectAll()
      .where(
        'movie_id',
        'in',
        ranked.map((r) => r.movie_id),
      )
      .execute();
    const order = new Map(ranked.map((r, i) => [r.movie_id, i]));
    return rows.sort((a, b) => order.get(a.movie_id)! - order.get(b.movie_id)!);
  }
}
