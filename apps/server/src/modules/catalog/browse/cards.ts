import type { TitleCard } from '@salomtv/contract';
import { richTextWords } from '../../../lib/rich-text.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import type { AssetRow } from '../titles/asset-repo.js';
import type { EpisodeRow } from '../titles/episode-repo.js';
import { parseList, presentImage } from '../titles/present.js';
import type { TitleRow } from '../titles/repo.js';
import type { LockCheck } from './locks.js';

/** What cards need beyond the title rows: their assets and (for series) episodes, loaded in batches. */
export interface CardContext {
  assets: Map<number, AssetRow>;
  episodes: Map<number, EpisodeRow[]>;
  today: string;
  /** Average stars (one decimal) and count per title; titles without ratings are absent. */
  ratings?: Map<number, { average: number; count: number }>;
  /** Which titles are locked for the viewer asking (absent: not known, nothing is marked). */
  lock?: LockCheck | undefined;
}

export function masterUrl(movieId: number, episodeId?: number, trailer = false): string {
  if (episodeId !== undefined) return `/api/stream/${movieId}/episodes/${episodeId}/master.m3u8`;
  return `/api/stream/${movieId}/master.m3u8${trailer ? '?asset=trailer' : ''}`;
}

export function isReady(asset: AssetRow | undefined): boolean {
  return asset?.status === 'ready' && Boolean(asset.hls_key);
}

export function released(title: TitleRow, today: string): boolean {
  return !title.release_date || title.release_date <= today;
}

/** A card's summary: the description's words, cut to 200 characters. */
export function summaryOf(description: string): string {
  const text = richTextWords(description);
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}

/** The episode a series card's Play starts with: the first one that is ready. */
export function firstPlayableEpisode(
  episodes: EpisodeRow[],
  assets: Map<number, AssetRow>,
): EpisodeRow | undefined {
  return episodes.find((e) => e.video_asset_id !== null && isReady(assets.get(e.video_asset_id)));
}

export function presentCard(storage: MediaStorage, title: TitleRow, context: CardContext): TitleCard {
  const asset = (id: number | null) => (id === null ? undefined : context.assets.get(id));
  const trailerReady = isReady(asset(title.trailer_asset_id));
  const episodes = context.episodes.get(title.movie_id) ?? [];
  let video: string | null = null;
  if (released(title, context.today)) {
    if (title.kind === 'series') {
      const episode = firstPlayableEpisode(episodes, context.assets);
      if (episode) video = masterUrl(title.movie_id, episode.episode_id);
    } else if (isReady(asset(title.video_asset_id))) {
      video = masterUrl(title.movie_id);
    }
  }
  const thumbnail = presentImage(storage, title.thumbnail);
  const lock = context.lock?.(parseList(title.collections)) ?? null;
  return {
    movie_id: title.movie_id,
    title: title.title,
    kind: title.kind,
    year: title.year,
    age_rating: title.age_rating,
    duration: title.duration_seconds,
    genres: parseList(title.genres),
    summary: summaryOf(title.description),
    quality: title.quality,
    release_date: title.release_date,
    featured: title.featured === 1,
    view_count: title.view_count,
    thumbnail,
    banner: presentImage(storage, title.banner),
    img: thumbnail?.url ?? null,
    has_trailer: trailerReady,
    playable: video !== null,
    video,
    trailer: trailerReady ? masterUrl(title.movie_id, undefined, true) : null,
    episode_count: episodes.length,
    rating_average: context.ratings?.get(title.movie_id)?.average ?? 0,
    rating_count: context.ratings?.get(title.movie_id)?.count ?? 0,
    locked: lock?.reason ?? null,
    locked_feature: lock?.feature ?? null,
  };
}
