import type { Movie, MovieDetailsBody } from '@salomtv/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';
import { useStoreMovie } from './movie-detail';

/** `POST /api/movie/details`: answers `{ message: 'updated', movie }`. */
export function useSaveDetails() {
  const store = useStoreMovie();
  return useMutation({
    mutationFn: (body: MovieDetailsBody) =>
      api.request<{ message: 'updated'; movie: Movie }>('/api/movie/details', { method: 'POST', json: body }),
    onSuccess: (reply) => store(reply.movie),
  });
}
