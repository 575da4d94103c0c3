import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { progressQuery, type SavedProgress } from '../api/viewing-api';

/** A saved position this close to the start plays from the top (nothing worth resuming). */
export const RESUME_MIN_SECONDS = 5;

/**
 * Where a feature starts for this viewer: their saved position in it (the same episode of a series), or the top
 * when they finished it, barely began, or were watching another episode.
 */
export function resumePosition(
  saved: SavedProgress | null | undefined,
  episodeId: number | undefined,
): number {
  if (!saved || saved.finished || saved.position_seconds <= RESUME_MIN_SECONDS) return 0;
  if ((saved.episode_id ?? undefined) !== episodeId) return 0;
  return saved.position_seconds;
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
