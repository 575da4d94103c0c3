import type { EpisodeBody, Movie } from '@salomtv/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';
import { useStoreMovie } from './movie-detail';

/** `POST /api/movie/episode`: adds an episode (its season is created when new). */
export function useAddEpisode() {
  const store = useStoreMovie();
  return useMutation({
    mutationFn: (body: EpisodeBody) =>
      api.request<Movie>('/api/movie/episode', { method: 'POST', json: body }),
    onSuccess: store,
  });
}

/** `DELETE /api/movie/episode/:episode_id`: the episode with its video, thumbnail and subtitles. */
export function useDeleteEpisode() {
  const store = useStoreMovie();
  return useMutation({
    mutationFn: (episodeId: number) =>
      api.request<Movie>(`/api/movie/episode/${episodeId}`, { method: 'DELETE' }),
    onSuccess: store,
  });
}
