import type { Movie } from '@salomtv/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../../shared/api/api-client';
import { postWhileLeaving } from '../../../../shared/api/post-while-leaving';
import { movieKeys } from './movie-keys';

/** Discards waiting for the next tick: the editor opened again at once (React's second mount) keeps its draft. */
const pending = new Map<number, ReturnType<typeof setTimeout>>();

const discardPath = (movieId: number) => `/api/movie/${movieId}/discard`;

/** Whether the record this page holds is still a draft without a title (the server decides if it is untouched). */
function looksUntouched(queryClient: QueryClient, movieId: number): boolean {
  const movie = queryClient.getQueryData<Movie>(movieKeys.detail(movieId));
  return movie?.status === 'draft' && movie.title === '';
}

async function discard(queryClient: QueryClient, movieId: number): Promise<void> {
  const { discarded } = await api.request<{ discarded: boolean }>(discardPath(movieId), { method: 'POST' });
  if (!discarded) return;
  queryClient.removeQueries({ queryKey: movieKeys.detail(movieId) });
  await queryClient.invalidateQueries({ queryKey: movieKeys.lists });
}

/**
 * `POST /api/movie/:movie_id/discard` when the editor is left (another page, or the tab closed) while its title
 * is a draft nobody changed: Add movies leaves no untitled record behind. The server keeps any title that was
 * changed.
 */
export function useDiscardUntouchedDraft(movieId: number, enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    clearTimeout(pending.get(movieId));
    pending.delete(movieId);
    const onPageHide = () => {
      if (looksUntouched(queryClient, movieId)) postWhileLeaving(discardPath(movieId));
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      if (!looksUntouched(queryClient, movieId)) return;
      pending.set(
        movieId,
        setTimeout(() => {
          pending.delete(movieId);
          discard(queryClient, movieId).catch(() => undefined);
        }, 0),
      );
    };
  }, [movieId, enabled, queryClient]);
}
