import type {
  EpisodeTranslation,
  EpisodeTranslationBody,
  TitleTranslation,
  TitleTranslationBody,
} from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';
import { markCatalogChanged } from '../../../../shared/api/catalog';
import { movieKeys } from './movie-keys';

const translationsKey = (movieId: number) => [...movieKeys.detail(movieId), 'translations'] as const;

/** `GET /api/movie/:movie_id/translations`: the title's texts in each language an admin translated it into. */
export const translationsQuery = (movieId: number) =>
  queryOptions({
    queryKey: translationsKey(movieId),
    queryFn: ({ signal }) =>
      api.request<TitleTranslation[]>(`/api/movie/${movieId}/translations`, { signal }),
  });

/** `POST /api/movie/translation`, or `/delete` when `remove`: both answer with the title's translations. */
export function useChangeTranslation(movieId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change: { remove: false; body: TitleTranslationBody } | { remove: true; language: string },
    ) =>
      change.remove
        ? api.request<TitleTranslation[]>('/api/movie/translation/delete', {
            method: 'POST',
            json: { movie_id: movieId, language: change.language },
          })
        : api.request<TitleTranslation[]>('/api/movie/translation', { method: 'POST', json: change.body }),
    onSuccess: (translations) => {
      queryClient.setQueryData(translationsKey(movieId), translations);
      markCatalogChanged(queryClient);
    },
  });
}

const episodeTranslationsKey = (movieId: number) =>
  [...movieKeys.detail(movieId), 'episode-translations'] as const;

/** `GET /api/movie/:movie_id/episode-translations`: every episode's texts in each language translated into. */
export const episodeTranslationsQuery = (movieId: number) =>
  queryOptions({
    queryKey: episodeTranslationsKey(movieId),
    queryFn: ({ signal }) =>
      api.request<EpisodeTranslation[]>(`/api/movie/${movieId}/episode-translations`, { signal }),
  });

/** `POST /api/movie/episode/translation`, or `/delete` when `remove`: both answer with the title's episodes'. */
export function useChangeEpisodeTranslation(movieId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      change:
        | { remove: false; body: EpisodeTranslationBody }
        | { remove: true; episodeId: number; language: string },
    ) =>
      change.remove
        ? api.request<EpisodeTranslation[]>('/api/movie/episode/translation/delete', {
            method: 'POST',
            json: { episode_id: change.episodeId, language: change.language },
          })
        : api.request<EpisodeTranslation[]>('/api/movie/episode/translation', {
            method: 'POST',
            json: change.body,
          }),
    onSuccess: (rows) => {
      queryClient.setQueryData(episodeTranslationsKey(movieId), rows);
      markCatalogChanged(queryClient);
    },
  });
}
