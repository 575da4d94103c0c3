import { z } from 'zod';
import { listReplySchema } from './paging.js';
import { AGE_RATINGS } from './profile-rules.js';
import { catalogLanguageQuery, taglineSchema } from './title-translations.js';

/** Catalogue, movie administration, uploads and streaming: the shapes the server validates and answers. */

export const TITLE_KINDS = ['movie', 'series'] as const;
export const TITLE_STATUSES = ['draft', 'processing', 'ready', 'published', 'failed', 'archived'] as const;
/** Statuses an admin may choose; processing and failed are set by the media pipeline. */
export const EDITABLE_STATUSES = ['draft', 'ready', 'published', 'archived'] as const;
/** The plans' collections (translation keys of the same names). */
export const COLLECTIONS = ['salomtv_special', 'america_tv_shows', 'hollywood_movies'] as const;
export const QUALITIES = ['SD', 'HD', 'FHD'] as const;
/** How a row (and its see all grid) orders its titles. */
export const CATALOG_ORDERS = ['newest', 'popular', 'release'] as const;
export const ASSET_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export const UPLOAD_KINDS = ['video', 'trailer'] as const;
/** Genres offered by the admin's chip input; others may be typed. */
export const SUGGESTED_GENRES = [
  'Action',
  'Adventure',
  'Animation',
  'Comedy',
  'Crime',
  'Documentary',
  'Drama',
  'Family',
  'Fantasy',
  'History',
  'Horror',
  'Mystery',
  'Romance',
  'Sci-Fi',
  'Thriller',
  'War',
] as const;

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_SUBTITLE_BYTES = 1024 * 1024;
/** Resumable uploads (tus): POST here with Upload-Metadata movie_id, kind (video|trailer), filename, episode_id?. */
export const TUS_ENDPOINT = '/api/uploads/';

export const titleKindSchema = z.enum(TITLE_KINDS);
export const titleStatusSchema = z.enum(TITLE_STATUSES);
export const ageRatingSchema = z.enum(AGE_RATINGS);
export const collectionSchema = z.enum(COLLECTIONS);
export const qualitySchema = z.enum(QUALITIES);
export const uploadKindSchema = z.enum(UPLOAD_KINDS);
export type TitleKind = z.infer<typeof titleKindSchema>;
export type TitleStatus = z.infer<typeof titleStatusSchema>;
export type Collection = z.infer<typeof collectionSchema>;
export type Quality = z.infer<typeof qualitySchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD');
const listItem = (max: number, label: string) =>
  z.string().trim().min(1, `Enter a ${label}`).max(max, `At most ${max} characters`);

/** `POST /api/movie/details`: the spec's fields (title, genres, tags, cast, status, movie_id) and our additions. */
export const movieDetailsBodySchema = z.strictObject({
  movie_id: z.coerce.number().int().positive('Unknown movie'),
  title: z.string().trim().min(1, 'Enter the title').max(200, 'At most 200 characters'),
  genres: z.array(listItem(40, 'genre')).max(10, 'At most 10 genres').optional(),
  tags: z.array(listItem(40, 'tag')).max(20, 'At most 20 tags').optional(),
  cast: z.array(listItem(100, 'name')).max(50, 'At most 50 names').optional(),
  /** The spec sends an empty status for a new record: that keeps the current one. */
  status: z.union([z.enum(EDITABLE_STATUSES), z.literal('')]).optional(),
  description: z.string().max(20_000, 'At most 20000 characters').optional(),
  /** One line under the title, plain text. */
  tagline: taglineSchema.optional(),
  kind: titleKindSchema.optional(),
  year: z.number().int().min(1888, 'Too early').max(2100, 'Too late').nullable().optional(),
  /** null: not set yet (a new title has none until an admin chooses one). */
  age_rating: ageRatingSchema.nullable().optional(),
  release_date: isoDate.nullable().optional(),
  collections: z.array(collectionSchema).max(3).optional(),
  featured: z.boolean().optional(),
});
export type MovieDetailsBody = z.infer<typeof movieDetailsBodySchema>;

/** A stored image in responsive WebP sizes. */
export const imageSchema = z.object({
  url: z.string(),
  srcset: z.string(),
  width: z.number(),
  height: z.number(),
});
export type StoredImage = z.infer<typeof imageSchema>;

/** A video or trailer and where the pipeline is with it. */
export const videoAssetSchema = z.object({
  asset_id: z.number(),
  status: z.enum(ASSET_STATUSES),
  progress: z.number(),
  error: z.string().nullable(),
  size: z.number(),
  duration: z.number().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** Heights of the produced renditions, best first. */
  renditions: z.array(z.number()),
  poster: imageSchema.nullable(),
  /** WebVTT index of the scrub-preview sprite. */
  preview_vtt: z.string().nullable(),
});
export type VideoAsset = z.infer<typeof videoAssetSchema>;

export const subtitleSchema = z.object({
  subtitle_id: z.number(),
  language: z.string(),
  label: z.string(),
  episode_id: z.number().nullable(),
});
export type Subtitle = z.infer<typeof subtitleSchema>;

export const AUDIO_TRACK_SOURCES = ['stream', 'file'] as const;
/** An audio track of the title's video or an episode's, and where the pipeline is with it. */
export const audioTrackSchema = z.object({
  track_id: z.number(),
  episode_id: z.number().nullable(),
  /** BCP 47 (`uz`, `ru`), `und` when not known. */
  language: z.string(),
  label: z.string(),
  /** The original: played when the viewer's language has no track. */
  is_default: z.boolean(),
  /** An audio stream of the uploaded video, or an audio file uploaded for it. */
  source: z.enum(AUDIO_TRACK_SOURCES),
  /** The uploaded file's name (`file` tracks). */
  original_name: z.string().nullable(),
  status: z.enum(ASSET_STATUSES),
  progress: z.number(),
  error: z.string().nullable(),
  /** Channel layouts produced: 2 (stereo), and 6 (5.1) where the source has it. */
  channels: z.array(z.number()),
  duration: z.number().nullable(),
});
export type AudioTrack = z.infer<typeof audioTrackSchema>;

export const episodeSchema = z.object({
  episode_id: z.number(),
  season_number: z.number(),
  number: z.number(),
  title: z.string(),
  description: z.string(),
  duration: z.number().nullable(),
  thumbnail: imageSchema.nullable(),
  video: videoAssetSchema.nullable(),
});
export type Episode = z.infer<typeof episodeSchema>;

export const seasonSchema = z.object({
  season_id: z.number(),
  number: z.number(),
  title: z.string(),
  episodes: z.array(episodeSchema),
});
export type Season = z.infer<typeof seasonSchema>;

/** The full admin record (`GET /api/movie/:movie_id`, create and details answers). */
export const movieSchema = z.object({
  movie_id: z.number(),
  title: z.string(),
  description: z.string(),
  tagline: z.string(),
  kind: titleKindSchema,
  genres: z.array(z.string()),
  tags: z.array(z.string()),
  cast: z.array(z.string()),
  status: titleStatusSchema,
  quality: qualitySchema.nullable(),
  /** Bytes of the source video(s). */
  size: z.number(),
  year: z.number().nullable(),
  /** null until an admin sets one. */
  age_rating: ageRatingSchema.nullable(),
  duration: z.number().nullable(),
  release_date: z.string().nullable(),
  featured: z.boolean(),
  collections: z.array(collectionSchema),
  banner: imageSchema.nullable(),
  thumbnail: imageSchema.nullable(),
  trailer: videoAssetSchema.nullable(),
  video: videoAssetSchema.nullable(),
  /** Transcode progress 0-100 while processing, else null. */
  progress: z.number().nullable(),
  failure_reason: z.string().nullable(),
  view_count: z.number(),
  seasons: z.array(seasonSchema),
  subtitles: z.array(subtitleSchema),
  /** In the player's menu order, per target (the title's own video first, then each episode's). */
  audio_tracks: z.array(audioTrackSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Movie = z.infer<typeof movieSchema>;

export const movieDetailsReplySchema = z.object({ message: z.literal('updated'), movie: movieSchema });
/**
 * `POST /api/movie/:movie_id/discard`: deletes the title if it is a draft nobody changed since it was made (the
 * editor of Add movies left without a change); any other title stays.
 */
export const movieDiscardReplySchema = z.object({ discarded: z.boolean() });

type MediaState = { status: VideoAsset['status'] } | null;
/** What the publishing rule looks at: the feature video (or a serial's episodes' videos), the trailer, the release. */
export interface PublishableTitle {
  kind: TitleKind;
  video: MediaState;
  trailer: MediaState;
  release_date?: string | null | undefined;
  seasons: { episodes: { video: MediaState }[] }[];
}

/**
 * Why a title cannot be published yet, or null when it can: a viewer must be able to play it, or, for a title
 * coming soon (released after `today`, an ISO date), its trailer. The server refuses publishing by it (409) and the
 * admin screen offers Publish by it.
 */
export function publishBlocker(title: PublishableTitle, today: string): string | null {
  const comingSoon = Boolean(title.release_date && title.release_date > today);
  if (comingSoon && title.trailer?.status === 'ready') return null;
  if (title.kind === 'series') {
    const playable = title.seasons.some((season) => season.episodes.some((e) => e.video?.status === 'ready'));
    return playable
      ? null
      : 'A serial is published once one of its episodes has a ready video (before its release date, its trailer)';
  }
  return title.video?.status === 'ready'
    ? null
    : 'A movie is published once its video is ready (before its release date, its trailer)';
}

/** A row of the admin list `GET /api/movie/get`. */
export const movieListItemSchema = movieSchema.pick({
  movie_id: true,
  title: true,
  kind: true,
  genres: true,
  tags: true,
  cast: true,
  status: true,
  quality: true,
  size: true,
  year: true,
  featured: true,
  progress: true,
  failure_reason: true,
  thumbnail: true,
  updated_at: true,
});
export type MovieListItem = z.infer<typeof movieListItemSchema>;

const pageSchema = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSizeSchema = z.coerce.number().int().min(1).max(100).default(20);

export const movieListQuerySchema = z.strictObject({
  page: pageSchema,
  pageSize: pageSizeSchema,
  search: z.string().trim().max(100).optional(),
  status: titleStatusSchema.optional(),
  kind: titleKindSchema.optional(),
});
export type MovieListQuery = z.input<typeof movieListQuerySchema>;

export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
/** `GET /api/movie/get`: the spec's list, an array of titles (total and pages in headers). */
export const movieListReplySchema = listReplySchema(movieListItemSchema);

/** `POST /api/movie/episode` and `PUT /api/movie/episode/:episode_id`. */
export const episodeBodySchema = z.strictObject({
  movie_id: z.coerce.number().int().positive(),
  season_number: z.number().int().min(1).max(100),
  number: z.number().int().min(1).max(1000).optional(),
  title: z.string().trim().min(1, 'Enter the title').max(200),
  description: z.string().max(5000).optional(),
});
export type EpisodeBody = z.infer<typeof episodeBodySchema>;

/** The multipart text fields of the upload calls; the spec's client also sends a `test` string, which is ignored. */
export const uploadFieldsSchema = z.strictObject({
  movie_id: z.coerce.number().int().positive('Unknown movie'),
  episode_id: z.coerce.number().int().positive().optional(),
  test: z.string().optional(),
});
export const subtitleFieldsSchema = uploadFieldsSchema.extend({
  language: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Use a language code such as En or pt-BR'),
});

// ---- Viewer catalogue ----

/** One title card of the viewer site. `img` and `video` keep the spec's title-list names. */
export const titleCardSchema = z.object({
  movie_id: z.number(),
  title: z.string(),
  kind: titleKindSchema,
  year: z.number().nullable(),
  /** null: not rated yet (such a title is not in the kids section). */
  age_rating: ageRatingSchema.nullable(),
  duration: z.number().nullable(),
  genres: z.array(z.string()),
  summary: z.string(),
  quality: qualitySchema.nullable(),
  release_date: z.string().nullable(),
  featured: z.boolean(),
  view_count: z.number(),
  thumbnail: imageSchema.nullable(),
  banner: imageSchema.nullable(),
  img: z.string().nullable(),
  has_trailer: z.boolean(),
  playable: z.boolean(),
  /** Master playlist of the title (for a series: of its first playable episode) when playable. */
  video: z.string().nullable(),
  trailer: z.string().nullable(),
  episode_count: z.number(),
  /** Average star rating (one decimal, 0 when unrated) and number of ratings (library module). */
  rating_average: z.number(),
  rating_count: z.number(),
  /**
   * Why this visitor may not play the feature (its trailer stays open to all), or null when they may:
   * `sign_in` (signed out), `subscribe` (no plan: trial over, expired, canceled and ended),
   * `upgrade` (the plan lacks the collection in `locked_feature`).
   */
  locked: z.enum(['sign_in', 'subscribe', 'upgrade']).nullable(),
  locked_feature: collectionSchema.nullable(),
});
export type TitleCard = z.infer<typeof titleCardSchema>;
export type TitleLock = NonNullable<TitleCard['locked']>;

export const catalogRowSchema = z.object({
  id: z.string(),
  /** Translation key of the row's heading (e.g. tv_thrillers), and its English text. */
  key: z.string(),
  title: z.string(),
  /** Query for the row's "see all" page (`GET /api/catalog/list`). */
  see_all: z.record(z.string(), z.string()),
  items: z.array(titleCardSchema),
});
export type CatalogRow = z.infer<typeof catalogRowSchema>;
export const catalogRowsQuerySchema = z.strictObject({
  kind: titleKindSchema.optional(),
  kids: z.enum(['true', 'false']).optional(),
  ...catalogLanguageQuery,
});
export const catalogRowsReplySchema = z.object({ rows: z.array(catalogRowSchema) });

export const CATALOG_SEARCH_PAGE_SIZE = 24;
/**
 * `GET /api/catalog/search?q=&page=&pageSize=`: titles, genres, cast and tags, in Latin or Cyrillic whichever the
 * title is written in; a wrong letter is forgiven.
 */
export const catalogSearchQuerySchema = z.strictObject({
  q: z.string().trim().max(100).default(''),
  page: pageSchema,
  pageSize: z.coerce.number().int().min(1).max(60).default(CATALOG_SEARCH_PAGE_SIZE),
  ...catalogLanguageQuery,
});
/** A search result: the title's card with its cast, which the results page shows. */
export const searchResultSchema = titleCardSchema.extend({ cast: z.array(z.string()) });
export type SearchResult = z.infer<typeof searchResultSchema>;
export const catalogSearchReplySchema = z.object({
  items: z.array(searchResultSchema),
  /** How many titles match, over all pages. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** When nothing matches: popular titles to offer instead (empty otherwise). */
  suggestions: z.array(titleCardSchema),
});
export type CatalogSearchReply = z.infer<typeof catalogSearchReplySchema>;
/** `GET /api/catalog/titles/:movie_id/similar`. */
export const similarTitlesReplySchema = z.object({ items: z.array(titleCardSchema) });

export const catalogListQuerySchema = z.strictObject({
  kind: titleKindSchema.optional(),
  genre: z.string().trim().max(40).optional(),
  collection: collectionSchema.optional(),
  kids: z.enum(['true', 'false']).optional(),
  featured: z.enum(['true', 'false']).optional(),
  upcoming: z.enum(['true', 'false']).optional(),
  /** The order of the row the grid is the see all of (default: newest first, or by release when upcoming). */
  order: z.enum(CATALOG_ORDERS).optional(),
  page: pageSchema,
  pageSize: z.coerce.number().int().min(1).max(60).default(24),
  ...catalogLanguageQuery,
});
export const catalogListReplySchema = pagedSchema(titleCardSchema);

export const catalogEpisodeSchema = z.object({
  episode_id: z.number(),
  number: z.number(),
  title: z.string(),
  description: z.string(),
  duration: z.number().nullable(),
  thumbnail: imageSchema.nullable(),
  playable: z.boolean(),
  video: z.string().nullable(),
  preview_vtt: z.string().nullable(),
});
export const catalogSeasonSchema = z.object({
  season_id: z.number(),
  number: z.number(),
  title: z.string(),
  episodes: z.array(catalogEpisodeSchema),
});
export const titleDetailsSchema = titleCardSchema.extend({
  description: z.string(),
  /** '' when the title has none. */
  tagline: z.string(),
  cast: z.array(z.string()),
  tags: z.array(z.string()),
  collections: z.array(collectionSchema),
  seasons: z.array(catalogSeasonSchema),
  subtitles: z.array(z.object({ language: z.string(), label: z.string() })),
  preview_vtt: z.string().nullable(),
  poster: imageSchema.nullable(),
});
export type TitleDetails = z.infer<typeof titleDetailsSchema>;

/** A playback session's id (`POST /api/playback/start`): every feature stream address belongs to one. */
export const playbackIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a playback id');

/**
 * The query of a title's `master.m3u8`, `start.json` and `start.mp4`: `playback` is the id of the viewer's live
 * playback session of this title, required for the feature (refused with 409 `stream_limit` without one) and not
 * used for the trailer, which is open to everyone.
 */
export const streamQuerySchema = z.strictObject({
  asset: uploadKindSchema.default('video'),
  playback: playbackIdSchema.optional(),
  /** The viewer's display language: its audio track plays first when the title has one (`DEFAULT=YES`). */
  ...catalogLanguageQuery,
});
/** The same for an episode (always a feature). */
export const episodeStreamQuerySchema = streamQuerySchema.omit({ asset: true });

/**
 * `POST /api/playback/:id/cast`: the feature (or, for a series, the episode) of the playback session's title that a
 * cast receiver is to play.
 */
export const castAddressBodySchema = z.strictObject({
  movie_id: z.number({ error: 'Choose a title' }).int().positive(),
  episode_id: z.number().int().positive().optional(),
});
/**
 * Its answer: a master playlist address that plays without cookies (a cast receiver has none of the viewer's),
 * signed, expiring at `expires_at`, and refused once the playback session is stopped or silent.
 */
export const castAddressReplySchema = z.object({ url: z.string(), expires_at: z.string() });
export type CastAddressReply = z.infer<typeof castAddressReplySchema>;

/**
 * `GET .../start.json`, beside each `master.m3u8`: the master playlist and the variant playlist a player starts
 * on (the lowest rendition), in one answer, so the player can ask for the first segment one round trip sooner.
 */
export const streamStartReplySchema = z.object({
  master: z.string(),
  first: z.object({ uri: z.string(), playlist: z.string() }),
  /**
   * With alternate audio, the default track's variant playlist (the one the player asks for first), and its
   * rendition as `start.mp4`'s START_MEDIA_AUDIO header names it.
   */
  audio: z.object({ uri: z.string(), rendition: z.string(), playlist: z.string() }).optional(),
});
export type StreamStartReply = z.infer<typeof streamStartReplySchema>;

/**
 * `GET .../start.mp4`, beside each `start.json`: the lowest rendition's init segment followed by its segment
 * holding `at` (seconds), one fragmented MP4 the player asks for alongside `start.json`, before it knows any
 * segment address (then the first audio track's, with alternate audio). Its headers say where each part ends
 * and which segments they are.
 */
export const streamStartMediaQuerySchema = streamQuerySchema.extend({
  at: z.coerce.number().min(0).max(1_000_000).default(0),
});
export const episodeStartMediaQuerySchema = streamStartMediaQuerySchema.omit({ asset: true });
