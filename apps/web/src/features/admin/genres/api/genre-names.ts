import type { GenreNameBody, GenreNames } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';

const genreNamesKey = ['genres', 'names'] as const;

/** `GET /api/genre/names`: the genres titles carry, with their names per language. */
export const genreNamesQuery = () =>
  queryOptions({
    queryKey: genreNamesKey,
    queryFn: ({ signal }) => api.request<GenreNames[]>('/api/genre/names', { signal }),
  });

/** `POST /api/genre/name` for each changed language of a genre, in turn; the last answer is the new list. */
export function useSaveGenreNames() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: GenreNameBody[]) => {
      let latest: GenreNames[] | undefined;
      for (const change of changes)
        latest = await api.request<GenreNames[]>('/api/genre/name', { method: 'POST', json: change });
      return latest;
    },
    onSuccess: (latest) => {
      if (latest) queryClient.setQueryData(genreNamesKey, latest);
    },
  });
}
