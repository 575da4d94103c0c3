import type { AudioTrackOrderBody, AudioTrackUpdateBody, Movie } from '@salomtv/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';
import { useStoreMovie } from './movie-detail';

/** `POST /api/movie/audio/update`: relabel a track, change its language, or make it the original. */
export function useUpdateAudioTrack() {
  const store = useStoreMovie();
  return useMutation({
    mutationFn: (body: AudioTrackUpdateBody) =>
      api.request<Movie>('/api/movie/audio/update', { method: 'POST', json: body }),
    onSuccess: store,
  });
}

/** `POST /api/movie/audio/order`: every track of the title's video (or an episode's), in the new order. */
export function useOrderAudioTracks() {
  const store = useStoreMovie();
  return useMutation({
    mutationFn: (body: AudioTrackOrderBody) =>
      api.request<Movie>('/api/movie/audio/order', { method: 'POST', json: body }),
    onSuccess: store,
  });
}

/** `POST /api/movie/audio/delete`. */
export function useDeleteAudioTrack() {
  const store = useStoreMovie();
  return useMutation({
    mutationFn: (trackId: number) =>
      api.request<Movie>('/api/movie/audio/delete', { method: 'POST', json: { track_id: trackId } }),
    onSuccess: store,
  });
}
