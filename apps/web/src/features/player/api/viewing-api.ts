import type { ProgressReply } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { libraryKeys, orEmpty, type Ratings } from '../../../shared/api/library';

/** Where the viewer goes on in a title, and their place in each episode they opened. */
export type SavedProgress = Omit<ProgressReply, 'movie_id' | 'updated_at'>;

export const progressQuery = (movieId: number) =>
  queryOptions({
    queryKey: libraryKeys.progress(movieId),
    queryFn: ({ signal }) =>
      // 204 (never watched) reads as undefined: no saved position.
      orEmpty<SavedProgress | null>(
        api.request<SavedProgress | undefined>(`/api/progress/${movieId}`, { signal }).then((p) => p ?? null),
        null,
      ),
    staleTime: 0,
  });

/** `POST /api/progress`: never fails (a position lost on the way is saved again by the next one). */
export function saveProgress(body: {
  movie_id: number;
  episode_id?: number | undefined;
  position_seconds: number;
  duration_seconds: number;
}): Promise<void> {
  if (!(body.duration_seconds > 0)) return Promise.resolve();
  return api
    .request<void>('/api/progress', {
      method: 'POST',
      json: {
        ...body,
        position_seconds: Math.floor(body.position_seconds),
        duration_seconds: Math.ceil(body.duration_seconds),
      },
    })
    .catch(() => undefined);
}

/** `POST /api/playback/audio`: the audio language the viewer chose plays first next time (fire and forget). */
export function saveAudioChoice(movieId: number, language: string): void {
  void api
    .request<void>('/api/playback/audio', { method: 'POST', json: { movie_id: movieId, language } })
    .catch(() => undefined);
}

/** `POST /api/ratings`: the viewer's stars; the answer is the new average. */
export function useRate(movieId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stars: number) =>
      api.request<Ratings>('/api/ratings', { method: 'POST', json: { movie_id: movieId, stars } }),
    onSuccess: (ratings) => queryClient.setQueryData(libraryKeys.ratings(movieId), ratings),
  });
}
