import type { TitleCard } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { rowsQuery } from '../../../shared/api/catalog';
import { useKeyword } from '../../../shared/i18n/language-context';

export interface HouseTrailer {
  movieId: number;
  title: string;
  src: string;
}

/**
 * The house trailer shown as a pre-roll: another title's trailer from the catalogue rows, varied by the title
 * being watched (so the same feature gets the same promotion, and different features different ones).
 */
export function pickHouseTrailer(cards: readonly TitleCard[], movieId: number): HouseTrailer | null {
  const seen = new Set<number>();
  const candidates: HouseTrailer[] = [];
  for (const card of cards) {
    if (card.movie_id === movieId || !card.trailer || seen.has(card.movie_id)) continue;
    seen.add(card.movie_id);
    candidates.push({ movieId: card.movie_id, title: card.title, src: card.trailer });
  }
  if (candidates.length === 0) return null;
  candidates.sort((a, b) => a.movieId - b.movieId);
  return candidates[movieId % candidates.length] ?? null;
}

export type PrerollPhase = 'waiting' | 'playing' | 'done';

/**
 * The pre-roll before a feature when the viewer's entitlement asks for one (plans without ad-free viewing):
 * `waiting` until the playback grant and the catalogue are known, `playing` while the house trailer runs,
 * `done` once it ended or was skipped (or when none is due). Once done it stays done for this player.
 */
export function usePreroll(movieId: number, due: boolean | undefined) {
  const rows = useQuery({ ...rowsQuery({}, useKeyword()), enabled: due === true });
  // Done for the title it ran before (a new title gets its own pre-roll).
  const [finishedFor, setFinishedFor] = useState<number | null>(null);
  const finished = finishedFor === movieId;
  const trailer =
    due && rows.data
      ? pickHouseTrailer(
          rows.data.rows.flatMap((row) => row.items),
          movieId,
        )
      : null;
  let phase: PrerollPhase;
  if (finished || due === false) phase = 'done';
  else if (due === undefined || (rows.isPending && !rows.isError)) phase = 'waiting';
  else phase = trailer ? 'playing' : 'done';
  const finish = useCallback(() => setFinishedFor(movieId), [movieId]);
  return { phase, trailer: phase === 'playing' ? trailer : null, finish };
}
