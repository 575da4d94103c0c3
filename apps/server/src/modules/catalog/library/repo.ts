import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { PlaybackProgressTable } from '../../../db/schema-library.js';
import type { TitleRow } from '../titles/repo.js';

export type ProgressRow = Selectable<PlaybackProgressTable>;
/** The two per-viewer lists of titles (same shape). */
export type ListTable = 'watchlist' | 'favourites';

/** Whose library rows: the account, and its profile the rows are kept for. */
export interface LibraryOwner {
  user_id: number;
  profile_id: number;
}

/** A profile's progress, or with no profile the whole account's (what the admin sees of an account). */
export type ProgressScope = { user_id: number; profile_id?: number | undefined };

/** Upper bound of a list reply: far above any real list, it only keeps one call's reply bounded. */
const MAX_LIST = 500;

/**
 * The viewer's library rows. Every query takes the viewer's profile and only ever touches that profile's
 * rows (views count per account); titles are read as published ones only (the catalogue owns the titles table).
 */
export class LibraryRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** A published title's age rating and kind; undefined when no such title is published. */
  publishedTitle(movieId: number): Promise<Pick<TitleRow, 'age_rating' | 'kind'> | undefined> {
    return this.db
      .selectFrom('titles')
      .select(['age_rating', 'kind'])
      .where('movie_id', '=', movieId)
      .where('status', '=', 'published')
      .executeTakeFirst();
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

  async add(table: ListTable, owner: LibraryOwner, titleId: number, now: string): Promise<void> {
    await this.db
      .insertInto(table)
      .values({ user_id: owner.user_id, profile_id: owner.profile_id, title_id: titleId, created_at: now })
      .onConflict((oc) => oc.columns(['profile_id', 'title_id']).doNothing())
      .execute();
  }

  async remove(table: ListTable, owner: LibraryOwner, titleId: number): Promise<void> {
    await this.db
      .deleteFrom(table)
      .where('profile_id', '=', owner.profile_id)
      .where('title_id', '=', titleId)
      .execute();
  }

  /** The viewer's published titles in a list, the latest added first. */
  list(table: ListTable, owner: LibraryOwner): Promise<TitleRow[]> {
    return this.db
      .selectFrom(`${table} as l` as 'watchlist as l')
      .innerJoin('titles', 'titles.movie_id', 'l.title_id')
      .selectAll('titles')
      .where('l.profile_id', '=', owner.profile_id)
      .where('titles.status', '=', 'published')
      .orderBy('l.created_at', 'desc')
      .orderBy('l.title_id', 'desc')
      .limit(MAX_LIST)
      .execute();
  }

  /** Movie ids (with their ratings) of the viewer's published titles in a list. */
  async ids(
    table: ListTable,
    owner: LibraryOwner,
  ): Promise<{ title_id: number; age_rating: TitleRow['age_rating'] }[]> {
    const rows = await this.db
      .selectFrom(`${table} as l` as 'watchlist as l')
      .innerJoin('titles', 'titles.movie_id', 'l.title_id')
      .select(['l.title_id', 'titles.age_rating'])
      .where('l.profile_id', '=', owner.profile_id)
      .where('titles.status', '=', 'published')
      .orderBy('l.created_at', 'desc')
      .orderBy('l.title_id', 'desc')
      .limit(MAX_LIST)
      .execute();
    return rows;
  }

  // ---- Playback progress ----

  /** One row per (viewer, title, episode): a second save of the same target moves it forward. */
  async saveProgress(row: Insertable<PlaybackProgressTable>): Promise<void> {
    await this.db
      .insertInto('playback_progress')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['profile_id', 'title_id', 'episode_id']).doUpdateSet({
          position_seconds: row.position_seconds,
          duration_seconds: row.duration_seconds,
          finished: row.finished,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /** The viewer's saved positions in a title (one per episode of a series), the latest first. */
  progressOf(owner: LibraryOwner, titleId: number): Promise<ProgressRow[]> {
    return this.db
      .selectFrom('playback_progress')
      .selectAll()
      .where('profile_id', '=', owner.profile_id)
      .where('title_id', '=', titleId)
      .orderBy('updated_at', 'desc')
      .orderBy('progress_id', 'desc')
      .execute();
  }

  /**
   * Every progress row of the `limit` published titles watched last whose latest row is past the start and
   * unfinished, or is of a series (which goes on with its next episode): the latest title first, each title's
   * rows the latest first.
   */
  async continueWatching(owner: ProgressScope, limit: number): Promise<ProgressRow[]> {
    const scope = owner.profile_id === undefined ? 'user_id' : 'profile_id';
    const id = owner.profile_id ?? owner.user_id;
    const latest = await this.db
      .selectFrom('playback_progress as p')
      .innerJoin('titles', 'titles.movie_id', 'p.title_id')
      .select('p.title_id')
      .where(`p.${scope}`, '=', id)
      .where('titles.status', '=', 'published')
      .where('p.position_seconds', '>', 0)
      .where((eb) => eb.or([eb('p.finished', '=', 0), eb('titles.kind', '=', 'series')]))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('playback_progress as q')
              .select('q.progress_id')
              .whereRef(`q.${scope}`, '=', `p.${scope}`)
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
    if (latest.length === 0) return [];
    const order = new Map(latest.map((row, index) => [row.title_id, index]));
    const rows = await this.db
      .selectFrom('playback_progress')
      .selectAll()
      .where(scope, '=', id)
      .where('title_id', 'in', [...order.keys()])
      .orderBy('updated_at', 'desc')
      .orderBy('progress_id', 'desc')
      .execute();
    // A stable sort: each title's rows stay the latest first.
    return rows.sort((a, b) => (order.get(a.title_id) ?? 0) - (order.get(b.title_id) ?? 0));
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

  async rate(owner: LibraryOwner, titleId: number, stars: number, now: string): Promise<void> {
    await this.db
      .insertInto('title_ratings')
      .values({
        user_id: owner.user_id,
        profile_id: owner.profile_id,
        title_id: titleId,
        stars,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['profile_id', 'title_id']).doUpdateSet({ stars, updated_at: now }))
      .execute();
  }

  /** A title's ratings counted per account (its profiles' mean): a household of five is one vote, not five. */
  async ratingTotals(titleId: number): Promise<{ sum: number; count: number }> {
    const row = await this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('title_ratings')
          .select((inner) => ['user_id', inner.fn.avg<number>('stars').as('stars')])
          .where('title_id', '=', titleId)
          .groupBy('user_id')
          .as('accounts'),
      )
      .select((eb) => [eb.fn.sum<number>('accounts.stars').as('sum'), eb.fn.countAll<number>().as('count')])
      .executeTakeFirst();
    return { sum: Number(row?.sum ?? 0), count: Number(row?.count ?? 0) };
  }

  async myRating(owner: LibraryOwner, titleId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('title_ratings')
      .select('stars')
      .where('profile_id', '=', owner.profile_id)
      .where('title_id', '=', titleId)
      .executeTakeFirst();
    return row?.stars ?? null;
  }
}
