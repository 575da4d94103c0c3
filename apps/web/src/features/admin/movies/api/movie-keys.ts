import type { TitleKind, TitleStatus } from '@salomtv/contract';

export interface MovieListParams {
  page: number;
  pageSize: number;
  search: string;
  status?: TitleStatus;
  kind?: TitleKind;
}

export const movieKeys = {
  all: ['movies'] as const,
  lists: ['movies', 'list'] as const,
  list: (params: MovieListParams) => ['movies', 'list', params] as const,
  detail: (movieId: number) => ['movies', 'detail', movieId] as const,
};

/** How often screens ask again while something transcodes. */
export const POLL_MS = 2000;
