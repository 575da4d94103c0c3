import type { MovieListItem } from '@salomtv/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';
import { type MovieListParams, movieKeys, POLL_MS } from './movie-keys';

/**
 * `GET /api/movie/get`: one page of the admin list (its total from the answer's header), asked again every 2 s
 * while a row is processing.
 */
export const movieListQuery = (params: MovieListParams) =>
  queryOptions({
    queryKey: movieKeys.list(params),
    queryFn: ({ signal }) =>
      api.requestPage<MovieListItem>('/api/movie/get', {
        query: {
          page: String(params.page),
          pageSize: String(params.pageSize),
          search: params.search.trim(),
          status: params.status,
          kind: params.kind,
        },
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'processing') ? POLL_MS : false,
  });
