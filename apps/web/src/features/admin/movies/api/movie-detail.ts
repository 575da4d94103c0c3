import type { Movie, VideoAsset } from '@salomtv/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../../shared/api/api-client';
import { markCatalogChanged } from '../../../../shared/api/catalog';
import { isTrackBusy } from '../lib/audio-tracks';
import { movieKeys, POLL_MS } from './movie-keys';

const busy = (asset: VideoAsset | null) => asset?.status === 'queued' || asset?.status === 'processing';

/** True while the pipeline still works on one of the title's videos or audio tracks. */
export function isTranscoding(movie: Movie): boolean {
  return (
    movie.status === 'processing' ||
    busy(movie.video) ||
    busy(movie.trailer) ||
    movie.seasons.some((season) => season.episodes.some((episode) => busy(episode.video))) ||
    movie.audio_tracks.some(isTrackBusy)
  );
}

/** `GET /api/movie/:movie_id`: the full record, asked again every 2 s while something transcodes. */
export const movieDetailQuery = (movieId: number) =>
  queryOptions({
    queryKey: movieKeys.detail(movieId),
    queryFn: ({ signal }) => api.request<Movie>(`/api/movie/${movieId}`, { signal }),
    refetchInterval: (query) => (query.state.data && isTranscoding(query.state.data) ? POLL_MS : false),
  });

/** Stores a record a call answered with, and marks the lists and the viewers' catalogue stale. */
export function useStoreMovie() {
  const queryClient = useQueryClient();
  return useCallback(
    (movie: Movie) => {
      queryClient.setQueryData(movieKeys.detail(movie.movie_id), movie);
      void queryClient.invalidateQueries({ queryKey: movieKeys.lists });
      markCatalogChanged(queryClient);
    },
    [queryClient],
  );
}

/** Asks the server for the record again (after a tus upload, whose answer carries no record). */
export function useRefreshMovie() {
  const queryClient = useQueryClient();
  return useCallback(
    (movieId: number) => {
      void queryClient.invalidateQueries({ queryKey: movieKeys.detail(movieId) });
      void queryClient.invalidateQueries({ queryKey: movieKeys.lists });
      markCatalogChanged(queryClient);
    },
    [queryClient],
  );
}
