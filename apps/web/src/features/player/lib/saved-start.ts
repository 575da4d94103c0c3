import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { progressQuery, type SavedProgress } from '../api/viewing-api';

/** A saved position this close to the start plays from the top (nothing worth resuming). */
export const RESUME_MIN_SECONDS = 5;

/** The viewer's saved place in one film or episode: `episodeId` undefined for a film's own video. */
export function savedPlace(saved: SavedProgress | null | undefined, episodeId: number | undefined) {
  if (!saved) return undefined;
  if (episodeId === undefined) return saved.episode_id === null ? saved : undefined;
  return (
    saved.episodes.find((episode) => episode.episode_id === episodeId) ??
    (saved.episode_id === episodeId ? saved : undefined)
  );
}

/**
 * Where a feature starts for this viewer: their saved position in that film or episode, or the top when they
 * finished it, barely began, or never opened it.
 */
export function resumePosition(
  saved: SavedProgress | null | undefined,
  episodeId: number | undefined,
): number {
  const place = savedPlace(saved, episodeId);
  if (!place || place.finished || place.position_seconds <= RESUME_MIN_SECONDS) return 0;
  return place.position_seconds;
}

/**
 * The start position of a feature, read afresh when the player opens (undefined until it is known, so the
 * stream starts there rather than at 0:00 and jumps). Kept for the title and episode: the positions saved while
 * it plays do not move the start of what already plays.
 */
export function useSavedStart(movieId: number, episodeId: number | undefined, enabled: boolean) {
  const query = useQuery({ ...progressQuery(movieId), enabled });
  const kept = useRef<{ key: string; position: number } | null>(null);
  const key = `${movieId}:${episodeId ?? ''}`;
  if (!enabled) return 0;
  if (kept.current?.key === key) return kept.current.position;
  if (!query.isFetchedAfterMount && !query.isError) return undefined;
  kept.current = { key, position: resumePosition(query.data, episodeId) };
  return kept.current.position;
}
