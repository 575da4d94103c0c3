import type { Movie } from '@salomtv/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';
import { useStoreMovie } from './movie-detail';

/** `POST /api/movie/create`: a new draft record. */
export function useCreateMovie() {
  const store = useStoreMovie();
  return useMutation({
    mutationFn: () => api.request<Movie>('/api/movie/create', { method: 'POST' }),
    onSuccess: store,
  });
}
