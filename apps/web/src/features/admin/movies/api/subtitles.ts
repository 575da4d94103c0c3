import type { Movie } from '@salomtv/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';
import { useStoreMovie } from './movie-detail';

export interface SubtitleUpload {
  movieId: number;
  episodeId?: number;
  language: string;
  file: File;
}

/** `POST /api/movie/subtitle` (multipart: file, movie_id, language, episode_id?): one file per language. */
export function useAddSubtitle() {
  const store = useStoreMovie();
  return useMutation({
    mutationFn: ({ movieId, episodeId, language, file }: SubtitleUpload) => {
      const form = new FormData();
      form.set('movie_id', String(movieId));
      if (episodeId !== undefined) form.set('episode_id', String(episodeId));
      form.set('language', language);
      form.set('file', file);
      return api.request<Movie>('/api/movie/subtitle', { method: 'POST', form });
    },
    onSuccess: store,
  });
}

/** `DELETE /api/movie/subtitle/:subtitle_id`. */
export function useDeleteSubtitle() {
  const store = useStoreMovie();
  return useMutation({
    mutationFn: (subtitleId: number) =>
      api.request<Movie>(`/api/movie/subtitle/${subtitleId}`, { method: 'DELETE' }),
    onSuccess: store,
  });
}
