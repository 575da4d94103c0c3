import { z } from 'zod';
import { subscriptionReplySchema } from './billing.js';
import { titleCardSchema } from './catalog.js';

/**
 * The viewer's library: watch list, favourites (hearts), playback progress (Resume, Continue Watching)
 * and star ratings. Every call is about the signed-in viewer's own rows; bodies never name a user.
 */

/** A title counts as finished once the viewer has watched this share of it. */
export const FINISHED_SHARE = 0.95;
/** A view is counted the first time a viewer passes this many seconds of a title... */
export const VIEW_AFTER_SECONDS = 30;
/** ...or this share of a short clip (whichever comes first). */
export const VIEW_AFTER_SHARE = 0.1;
/** Continue Watching holds at most this many titles. */
export const CONTINUE_WATCHING_LIMIT = 20;
export const MIN_STARS = 1;
export const MAX_STARS = 5;

const movieIdSchema = z.number({ error: 'Choose a title' }).int('Choose a title').positive('Choose a title');
/** Seconds of video: at most a week, so a broken player cannot store absurd numbers. */
const MAX_SECONDS = 7 * 24 * 3600;

/** `POST /api/watchlist` and `POST /api/favourites`. */
export const libraryTitleBodySchema = z.strictObject({ movie_id: movieIdSchema });

/** `GET /api/watchlist` and `GET /api/favourites`: catalogue cards, the latest added first. */
export const libraryListReplySchema = z.object({ items: z.array(titleCardSchema) });
export type LibraryListReply = z.infer<typeof libraryListReplySchema>;

/** `GET /api/library/state`: movie ids for the cards' plus and heart icons. */
export const libraryStateReplySchema = z.object({
  watchlist: z.array(z.number()),
  favourites: z.array(z.number()),
});
export type LibraryStateReply = z.infer<typeof libraryStateReplySchema>;

/** `POST /api/progress`: the player saves the position every 10 s, on pause and on leaving. */
export const progressBodySchema = z.strictObject({
  movie_id: movieIdSchema,
  /** The episode of a series; null or absent for the title's own video. */
  episode_id: z.number().int().positive().nullable().optional(),
  position_seconds: z
    .number({ error: 'Give the position in seconds' })
    .min(0, 'The position cannot be negative')
    .max(MAX_SECONDS),
  duration_seconds: z
    .number({ error: 'Give the duration in seconds' })
    .positive('The duration must be more than 0')
    .max(MAX_SECONDS),
});
export type ProgressBody = z.infer<typeof progressBodySchema>;

/** A saved position in one episode of a series. */
export const episodeProgressSchema = z.object({
  episode_id: z.number(),
  position_seconds: z.number(),
  duration_seconds: z.number(),
  finished: z.boolean(),
});
export type EpisodeProgress = z.infer<typeof episodeProgressSchema>;

/**
 * `GET /api/progress/:movie_id`: where Resume goes on. For a film its saved position; for a series the episode
 * watched last at its position, or, once that one is finished, the next episode (`up_next`) at its own position
 * (the start when never opened). `episodes` holds the position in every episode the viewer has opened.
 */
export const progressReplySchema = z.object({
  movie_id: z.number(),
  episode_id: z.number().nullable(),
  position_seconds: z.number(),
  duration_seconds: z.number(),
  finished: z.boolean(),
  /** The episode after the one finished last: the series goes on with it. */
  up_next: z.boolean(),
  updated_at: z.string(),
  episodes: z.array(episodeProgressSchema),
});
export type ProgressReply = z.infer<typeof progressReplySchema>;

/** `GET /api/continue-watching`: titles with saved, unfinished progress, the latest first. */
export const continueWatchingItemSchema = z.object({
  card: titleCardSchema,
  /** The episode to go on with (a series), null for a film. */
  episode_id: z.number().nullable(),
  /** That episode's season and number, for "S1:E2". */
  episode: z.object({ season: z.number(), number: z.number() }).nullable(),
  position_seconds: z.number(),
  duration_seconds: z.number(),
  /** Seconds left to watch of the film or episode. */
  remaining_seconds: z.number(),
  /** Whole percent watched, 0 to 100. */
  percent: z.number(),
  /** The next episode after a finished one, not yet started. */
  up_next: z.boolean(),
  updated_at: z.string(),
});
export type ContinueWatchingItem = z.infer<typeof continueWatchingItemSchema>;
export const continueWatchingReplySchema = z.object({ items: z.array(continueWatchingItemSchema) });
export type ContinueWatchingReply = z.infer<typeof continueWatchingReplySchema>;

/** `POST /api/ratings`. */
export const ratingBodySchema = z.strictObject({
  movie_id: movieIdSchema,
  stars: z
    .number({ error: 'Choose 1 to 5 stars' })
    .int('Choose 1 to 5 stars')
    .min(MIN_STARS, 'Choose 1 to 5 stars')
    .max(MAX_STARS, 'Choose 1 to 5 stars'),
});
export type RatingBody = z.infer<typeof ratingBodySchema>;

/** The average shown for a title: one decimal, 0 while nobody has rated it. */
export function averageStars(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
}

/** `POST /api/ratings` and `GET /api/ratings/:movie_id`. */
export const ratingReplySchema = z.object({
  /** Average stars with one decimal; 0 while nobody has rated the title. */
  average: z.number(),
  count: z.number(),
  /** The signed-in viewer's own stars; null when signed out or not rated. */
  mine: z.number().nullable(),
});
export type RatingReply = z.infer<typeof ratingReplySchema>;

/** `GET /api/web/user/:user_id/activity`: what an admin sees of a viewer's plan and watching. */
export const userActivityReplySchema = z.object({
  subscription: subscriptionReplySchema,
  continue_watching: z.array(continueWatchingItemSchema),
});
export type UserActivityReply = z.infer<typeof userActivityReplySchema>;
