import type {
  AudioTrack,
  Collection,
  Movie,
  MovieListItem,
  StoredImage,
  Subtitle,
  VideoAsset,
} from '@salomtv/contract';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import { type AssetRow, renditionsOf, type SubtitleRow } from './asset-repo.js';
import { type AudioTrackRow, audioRenditionsOf } from './audio-track-repo.js';
import type { EpisodeRow, SeasonRow } from './episode-repo.js';
import type { TitleRow } from './repo.js';

export interface StoredImageSize {
  key: string;
  width: number;
  height: number;
}

export function parseList<T = string>(text: string | null): T[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** Every media key an image column refers to (for deletion). */
export function imageKeys(text: string | null): string[] {
  return parseList<StoredImageSize>(text).map((size) => size.key);
}

export function presentImage(storage: MediaStorage, text: string | null): StoredImage | null {
  const sizes = parseList<StoredImageSize>(text).sort((a, b) => a.width - b.width);
  const largest = sizes.at(-1);
  if (!largest) return null;
  return {
    url: storage.publicUrl(largest.key)!,
    srcset: sizes.map((size) => `${storage.publicUrl(size.key)} ${size.width}w`).join(', '),
    width: largest.width,
    height: largest.height,
  };
}

export function presentAsset(storage: MediaStorage, asset: AssetRow | undefined): VideoAsset | null {
  if (!asset) return null;
  return {
    asset_id: asset.asset_id,
    status: asset.status,
    progress: asset.status === 'ready' ? 100 : asset.progress,
    error: asset.error,
    size: Number(asset.size_bytes),
    duration: asset.duration_seconds === null ? null : Math.round(asset.duration_seconds * 10) / 10,
    width: asset.width,
    height: asset.height,
    renditions: renditionsOf(asset)
      .map((r) => r.height)
      .sort((a, b) => b - a),
    poster: presentImage(storage, asset.poster),
    preview_vtt: storage.publicUrl(asset.sprite_vtt_key),
  };
}

export interface TitleGraph {
  title: TitleRow;
  assets: AssetRow[];
  seasons: SeasonRow[];
  episodes: EpisodeRow[];
  subtitles: SubtitleRow[];
  audioTracks: AudioTrackRow[];
}

export function presentSubtitle(row: SubtitleRow): Subtitle {
  return {
    subtitle_id: row.subtitle_id,
    language: row.language,
    label: row.label,
    episode_id: row.episode_id || null,
  };
}

export function presentAudioTrack(row: AudioTrackRow): AudioTrack {
  return {
    track_id: row.track_id,
    episode_id: row.episode_id || null,
    language: row.language,
    label: row.label,
    is_default: row.is_default === 1,
    source: row.source,
    original_name: row.original_name,
    status: row.status,
    progress: row.status === 'ready' ? 100 : row.progress,
    error: row.error,
    channels: audioRenditionsOf(row).map((rendition) => rendition.channels),
    duration: row.duration_seconds === null ? null : Math.round(row.duration_seconds * 10) / 10,
  };
}

/** The full admin record of a title. */
export function presentMovie(storage: MediaStorage, graph: TitleGraph): Movie {
  const { title } = graph;
  const asset = (id: number | null) =>
    id === null ? undefined : graph.assets.find((a) => a.asset_id === id);
  return {
    ...presentListItem(storage, title),
    description: title.description,
    tagline: title.tagline,
    age_rating: title.age_rating,
    duration: title.duration_seconds,
    release_date: title.release_date,
    collections: parseList<Collection>(title.collections),
    banner: presentImage(storage, title.banner),
    trailer: presentAsset(storage, asset(title.trailer_asset_id)),
    video: presentAsset(storage, asset(title.video_asset_id)),
    view_count: title.view_count,
    seasons: graph.seasons.map((season) => ({
      season_id: season.season_id,
      number: season.number,
      title: season.title,
      episodes: graph.episodes
        .filter((episode) => episode.season_id === season.season_id)
        .map((episode) => ({
          episode_id: episode.episode_id,
          season_number: season.number,
          number: episode.number,
          title: episode.title,
          description: episode.description,
          duration: episode.duration_seconds,
          thumbnail: presentImage(storage, episode.thumbnail),
          video: presentAsset(storage, asset(episode.video_asset_id)),
        })),
    })),
    subtitles: graph.subtitles.map(presentSubtitle),
    audio_tracks: graph.audioTracks.map(presentAudioTrack),
    created_at: title.created_at,
  };
}

export function presentListItem(storage: MediaStorage, title: TitleRow): MovieListItem {
  return {
    movie_id: title.movie_id,
    title: title.title,
    kind: title.kind,
    genres: parseList(title.genres),
    tags: parseList(title.tags),
    cast: parseList(title.cast_list),
    status: title.status,
    quality: title.quality,
    size: Number(title.size_bytes),
    year: title.year,
    featured: title.featured === 1,
    progress: title.status === 'processing' ? (title.progress ?? 0) : null,
    failure_reason: title.failure_reason,
    thumbnail: presentImage(storage, title.thumbnail),
    updated_at: title.updated_at,
  };
}

/**
 * What the audit log keeps of a title: its fields, which images and videos it has (and their state), its
 * episodes and subtitles; the description by its length, as it can be long.
 */
export function movieAuditView(movie: Movie) {
  return {
    title: movie.title,
    kind: movie.kind,
    status: movie.status,
    description_length: movie.description.length,
    genres: movie.genres,
    tags: movie.tags,
    cast: movie.cast,
    collections: movie.collections,
    year: movie.year,
    age_rating: movie.age_rating,
    release_date: movie.release_date,
    featured: movie.featured,
    banner: movie.banner !== null,
    thumbnail: movie.thumbnail !== null,
    video: movie.video?.status ?? null,
    trailer: movie.trailer?.status ?? null,
    episodes: movie.seasons.flatMap((season) =>
      season.episodes.map((episode) => `S${season.number}E${episode.number} ${episode.title}`),
    ),
    subtitles: movie.subtitles.map((subtitle) => subtitle.language),
    audio_tracks: movie.audio_tracks.map(
      (track) => `${track.language} ${track.label}${track.is_default ? ' (original)' : ''}`,
    ),
  };
}
