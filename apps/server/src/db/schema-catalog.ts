import type { Generated } from 'kysely';

/**
 * Tables of the catalogue and media pipeline. Dates are ISO strings, booleans 0/1, lists JSON text
 * (genres are also in `title_genres` so rows by genre use an index).
 */
export interface TitlesTable {
  movie_id: Generated<number>;
  kind: 'movie' | 'series';
  title: string;
  /** HTML cleaned on the way in (the policy of lib/rich-text.ts). */
  description: string;
  /** One line under the title (plain text). */
  tagline: Generated<string>;
  /** JSON arrays of strings. */
  genres: string;
  tags: string;
  cast_list: string;
  collections: string;
  /** Lower-case title, cast, genres and tags, for search. */
  search_text: string;
  status: 'draft' | 'processing' | 'ready' | 'published' | 'failed' | 'archived';
  quality: 'SD' | 'HD' | 'FHD' | null;
  size_bytes: number;
  year: number | null;
  /** null until an admin sets one. */
  age_rating: 'All' | '7+' | '13+' | '16+' | '18+' | null;
  duration_seconds: number | null;
  release_date: string | null;
  featured: number;
  /** JSON list of stored image sizes ({key, width, height}), or null. */
  banner: string | null;
  thumbnail: string | null;
  trailer_asset_id: number | null;
  video_asset_id: number | null;
  view_count: number;
  progress: number | null;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface TitleGenresTable {
  movie_id: number;
  /** Lower-case genre, the key rows and filters use. */
  genre: string;
}

/** A title's texts in one language (migration 0017); the title's own texts are the fallback. */
export interface TitleTranslationsTable {
  movie_id: number;
  /** A language keyword as the languages table spells it (`Uz`). */
  language: string;
  title: string;
  /** HTML cleaned on the way in, as `titles.description`. */
  description: string;
  tagline: Generated<string>;
  /** JSON list of the cast's names in this language's script, in `titles.cast_list`'s order ('' as written). */
  cast_names: Generated<string>;
  updated_at: string;
}

/** An episode's title and description in one language (migration 0019); the episode's own are the fallback. */
export interface EpisodeTranslationsTable {
  episode_id: number;
  language: string;
  title: string;
  description: string;
  updated_at: string;
}

/** A genre's name in one language, keyed by the lower-case genre `title_genres` holds. */
export interface GenreNamesTable {
  genre: string;
  language: string;
  name: string;
}

export interface SeasonsTable {
  season_id: Generated<number>;
  movie_id: number;
  number: number;
  title: string;
  created_at: string;
}

export interface EpisodesTable {
  episode_id: Generated<number>;
  movie_id: number;
  season_id: number;
  number: number;
  title: string;
  description: string;
  duration_seconds: number | null;
  thumbnail: string | null;
  video_asset_id: number | null;
  created_at: string;
  updated_at: string;
}

/** One uploaded (or generated) video or trailer and its HLS ladder. */
export interface MediaAssetsTable {
  asset_id: Generated<number>;
  movie_id: number;
  episode_id: number | null;
  kind: 'video' | 'trailer';
  status: 'queued' | 'processing' | 'ready' | 'failed';
  /** Media key of the source file (null until a demo source is generated). */
  source_key: string | null;
  /** JSON description of a generated demo source (ffmpeg test pattern), or null. */
  generator: string | null;
  original_name: string | null;
  size_bytes: number;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  /** Media key of the folder holding one sub-folder per rendition. */
  hls_key: string | null;
  /** JSON list of renditions: height, width, bandwidth, average_bandwidth, codecs, frame_rate. */
  renditions: string;
  poster: string | null;
  sprite_key: string | null;
  sprite_vtt_key: string | null;
  progress: number;
  error: string | null;
  created_at: string;
  updated_at: string;
}

export interface SubtitlesTable {
  subtitle_id: Generated<number>;
  movie_id: number;
  /** 0 for the title's own video (0 rather than null so the unique index holds on both databases). */
  episode_id: number;
  language: string;
  label: string;
  file_key: string;
  created_at: string;
}

/**
 * One audio track of a title's video or an episode's (migration 0018): an audio stream of the video (`stream`,
 * replaced with the video) or an uploaded audio file (`file`), encoded once as HLS alternate audio.
 */
export interface AudioTracksTable {
  track_id: Generated<number>;
  movie_id: number;
  /** 0 for the title's own video, as in `subtitles`. */
  episode_id: number;
  source: 'stream' | 'file';
  /** The video asset a `stream` track was read from, and which of its audio streams (0-based). */
  asset_id: number | null;
  stream_index: number | null;
  /** Media key of an uploaded audio file (a `file` track's source). */
  source_key: string | null;
  original_name: string | null;
  /** BCP 47 primary language (`uz`, `ru`), `und` when not known. */
  language: string;
  label: string;
  /** Order in the player's audio menu (0 first). */
  position: number;
  /** 1 on the title's original track: the one played when the viewer's language has none. */
  is_default: number;
  status: 'queued' | 'processing' | 'ready' | 'failed';
  progress: number;
  error: string | null;
  /** Media key of the folder holding one sub-folder per channel layout (`2ch`, `6ch`). */
  hls_key: string | null;
  /** JSON list of the track's renditions: channels, bandwidth, average_bandwidth, codecs. */
  renditions: string;
  duration_seconds: number | null;
  created_at: string;
  updated_at: string;
}

/** The audio language a viewer last chose for a title (its episodes share it). */
export interface AudioChoicesTable {
  user_id: number;
  /** The choice is the profile's (migration 0020). */
  profile_id: number;
  movie_id: number;
  language: string;
  updated_at: string;
}

export interface MediaJobsTable {
  job_id: Generated<number>;
  kind: 'transcode' | 'audio' | 'demo_art';
  /** What the job works on: an asset (transcode) or a title (demo_art). */
  target_id: number;
  status: 'queued' | 'running' | 'done' | 'failed';
  priority: number;
  attempts: number;
  max_attempts: number;
  next_run_at: string;
  progress: number;
  error: string | null;
  locked_by: string | null;
  /** A running job whose lease has passed is taken up again (its worker died). */
  locked_until: string | null;
  started_at: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One row (id 1): bumped by database triggers on every write that changes a catalogue card (migration 0007). */
export interface CatalogVersionTable {
  id: number;
  /** bigint: PostgreSQL hands it over as a string. */
  version: number | string;
}

export interface CatalogTables {
  titles: TitlesTable;
  title_genres: TitleGenresTable;
  title_translations: TitleTranslationsTable;
  episode_translations: EpisodeTranslationsTable;
  genre_names: GenreNamesTable;
  seasons: SeasonsTable;
  episodes: EpisodesTable;
  media_assets: MediaAssetsTable;
  subtitles: SubtitlesTable;
  audio_tracks: AudioTracksTable;
  audio_choices: AudioChoicesTable;
  media_jobs: MediaJobsTable;
  catalog_version: CatalogVersionTable;
}
