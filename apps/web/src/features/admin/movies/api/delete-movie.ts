import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';
import { markCatalogChanged } from '../../../../shared/api/catalog';
import { movieKeys } from './movie-keys';

/** `DELETE /api/movie/:movie_id`: the title and all its media. */
export function useDeleteMovie() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (movieId: number) => api.request<void>(`/api/movie/${movieId}`, { method: 'DELETE' }),
    onSuccess: (_reply, movieId) => {
      queryClient.removeQueries({ queryKey: movieKeys.detail(movieId) });
      markCatalogChanged(queryClient);
      return queryClient.invalidateQueries({ queryKey: movieKeys.lists });
    },
  });
}
