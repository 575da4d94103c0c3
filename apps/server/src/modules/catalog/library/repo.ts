import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { PlaybackProgressTable } from '../../../db/schema-library.js';
import type { TitleRow } from '../titles/repo.js';

export type ProgressRow = Selectable<PlaybackProgressTable>;
/** The two per-viewer lists of titles (same shape). */
export type ListTable = 'watchlist' | 'favourites';

/** Upper bound of a list reply: far above any real list, it only keeps one call's reply bounded. */
const MAX_LIST = 500;

/**
 * The viewer's library rows. Every query takes the viewer's user id and only ever touches that viewer's
 * rows; titles are read as published ones only (the catalogue owns the titles table).
 */
export class LibraryRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async isPublished(movieId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('titles')
      .select('movie_id')
      .where('movie_id', '=', movieId)
      .where('status', '=', 'published')
      .executeTakeFirst();
    return row !== undefined;
  }

  async episodeOf(movieId: number, episodeId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('episodes')
      .select('episode_id')
      .where('episode_id', '=', episodeId)
      .where('movie_id', '=', movieId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Published titles by id (in no particular order). */
  titles(movieIds: number[]): Promise<TitleRow[]> {
    if (movieIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('titles')
      .selectAll()
      .where('movie_id', 'in', movieIds)
      .where('status', '=', 'published')
      .execute();
  }

  // ---- Watch list and favourites ----

  async add(table: ListTable, userId: number, titleId: number, now: string): Promise<void> {
    await this.db
      .insertInto(table)
      .values({ user_id: userId, title_id: titleId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'title_id']).doNothing())
      .execute();
  }

  async remove(table: ListTable, userId: number, titleId: number): Promise<void> {
    await this.db.deleteFrom(table).where('user_id', '=', userId).where('title_id', '=', titleId).execute();
  }

  /** The viewer's published titles in a list, the latest added first. */
  list(table: ListTable, userId: number): Promise<TitleRow[]> {
    return this.db
      .selectFrom(`${table} as l` as 'watchlist as l')
      .innerJoin('titles', 'titles.movie_id', 'l.title_id')
      .selectAll('titles')
      .where('l.user_id', '=', userId)
      .where('titles.status', '=', 'published')
      .orderBy('l.created_at', 'desc')
      .orderBy('l.title_id', 'desc')
      .limit(MAX_LIST)
      .execute();
  }

  /** Movie ids of the viewer's published titles in a list. */
  async ids(table: ListTable, userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom(`${table} as l` as 'watchlist as l')
      .innerJoin('titles', 'titles.movie_id', 'l.title_id')
      .select('l.title_id')
      .where('l.user_id', '=', userId)
      .where('titles.status', '=', 'published')
      .orderBy('l.created_at', 'desc')
      .orderBy('l.title_id', 'desc')
      .limit(MAX_LIST)
      .execute();
    return rows.map((row) => row.title_id);
  }

  // ---- Playback progress ----

  /** One row per (viewer, title, episode): a second save of the same target moves it forward. */
  async saveProgress(row: Insertable<PlaybackProgressTable>): Promise<void> {
    await this.db
      .insertInto('playback_progress')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['user_id', 'title_id', 'episode_id']).doUpdateSet({
          position_seconds: row.position_seconds,
          duration_seconds: row.duration_seconds,
          finished: row.finished,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /** The viewer's most recently saved position in a title (any episode). */
  latestProgress(userId: number, titleId: number): Promise<ProgressRow | undefined> {
    return this.db
      .selectFrom('playback_progress')
      .selectAll()
      .where('user_id', '=', userId)
      .where('title_id', '=', titleId)
      .orderBy('updated_at', 'desc')
      .orderBy('progress_id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Per published title, the viewer's latest progress row when it is unfinished and past the start,
   * the latest first.
   */
  continueWatching(userId: number, limit: number): Promise<ProgressRow[]> {
    return this.db
      .selectFrom('playback_progress as p')
      .innerJoin('titles', 'titles.movie_id', 'p.title_id')
      .selectAll('p')
      .where('p.user_id', '=', userId)
      .where('titles.status', '=', 'published')
      .where('p.finished', '=', 0)
      .where('p.position_seconds', '>', 0)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('playback_progress as q')
              .select('q.progress_id')
              .whereRef('q.user_id', '=', 'p.user_id')
              .whereRef('q.title_id', '=', 'p.title_id')
              .where((eb) =>
                eb.or([
                  eb('q.updated_at', '>', eb.ref('p.updated_at')),
                  eb.and([
                    eb('q.updated_at', '=', eb.ref('p.updated_at')),
                    eb('q.progress_id', '>', eb.ref('p.progress_id')),
                  ]),
                ]),
              ),
          ),
        ),
      )
      .orderBy('p.updated_at', 'desc')
      .orderBy('p.progress_id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Records that the viewer watched the title; the first time only, the title's view counter goes up
   * (one statement). Returns whether this was the first time.
   */
  recordView(userId: number, titleId: number, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('title_views')
        .values({ user_id: userId, title_id: titleId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'title_id']).doNothing())
        .returning('title_id')
        .executeTakeFirst();
      if (!inserted) return false;
      await trx
        .updateTable('titles')
        .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
        .where('movie_id', '=', titleId)
        .execute();
      return true;
    });
  }

  // ---- Ratings ----

  async rate(userId: number, titleId: number, stars: number, now: string): Promise<void> {
    await this.db
      .insertInto('title_ratings')
      .values({ user_id: userId, title_id: titleId, stars, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'title_id']).doUpdateSet({ stars, updated_at: now }))
      .execute();
  }

  async ratingTotals(titleId: number): Promise<{ sum: number; count: number }> {
    const row = await this.db
      .selectFrom('title_ratings')
      .select((eb) => [eb.fn.sum<number>('stars').as('sum'), eb.fn.countAll<number>().as('count')])
      .where('title_id', '=', titleId)
      .executeTakeFirst();
    return { sum: Number(row?.sum ?? 0), count: Number(row?.count ?? 0) };
  }

  async myRating(userId: number, titleId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('title_ratings')
      .select('stars')
      .where('user_id', '=', userId)
      .where('title_id', '=', titleId)
      .executeTakeFirst();
    return row?.stars ?? null;
  }
}
