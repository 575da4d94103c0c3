import type { Generated } from 'kysely';

/**
 * Tables of the library module (watch list, favourites, playback progress, views, ratings). Dates are
 * ISO strings and booleans 0/1; `title_id` is the catalogue's `titles.movie_id`.
 */
export interface WatchlistTable {
  user_id: number;
  /** The profile whose list it is (migration 0020): the key, with the title. */
  profile_id: number;
  title_id: number;
  created_at: string;
}

/** The viewer's hearts; the same shape as the watch list. */
export type FavouritesTable = WatchlistTable;

export interface PlaybackProgressTable {
  progress_id: Generated<number>;
  user_id: number;
  profile_id: number;
  title_id: number;
  /** 0 for the title's own video (0 rather than null so the unique key holds on both databases). */
  episode_id: number;
  position_seconds: number;
  duration_seconds: number;
  /** 1 once the position reached 95% of the duration. */
  finished: number;
  updated_at: string;
}

/** One row per viewer who watched a title past the view threshold: titles.view_count counts each once. */
export interface TitleViewsTable {
  user_id: number;
  title_id: number;
  created_at: string;
}

export interface TitleRatingsTable {
  user_id: number;
  profile_id: number;
  title_id: number;
  /** 1 to 5. */
  stars: number;
  updated_at: string;
}

export interface LibraryTables {
  watchlist: WatchlistTable;
  favourites: FavouritesTable;
  playback_progress: PlaybackProgressTable;
  title_views: TitleViewsTable;
  title_ratings: TitleRatingsTable;
}
