import {
  type CatalogRow,
  type CatalogSearchReply,
  PAINTED_SECTIONS,
  type TitleCard,
  type TitleDetails,
} from '@salomtv/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** Filters of `GET /api/catalog/list` and `GET /api/catalog/rows` (strings, as in the address). */
export type CatalogFilters = Record<string, string | undefined>;

export const catalogKeys = {
  all: ['catalog'] as const,
  rows: (filters: CatalogFilters) => ['catalog', 'rows', filters] as const,
  list: (filters: CatalogFilters) => ['catalog', 'list', filters] as const,
  search: (q: string, page: number) => ['catalog', 'search', q, page] as const,
  title: (id: number) => ['catalog', 'title', id] as const,
  similar: (id: number) => ['catalog', 'similar', id] as const,
};

/** What each browse page asks the catalogue for: its page and its route loader share these. */
export const browseFilters = {
  // The sections the server paints first ask for what it paints (contract prerender.ts).
  movies: PAINTED_SECTIONS['/movies'].filters,
  series: PAINTED_SECTIONS['/serials'].filters,
  kids: PAINTED_SECTIONS['/kidsection'].filters,
  americanShows: { collection: 'america_tv_shows', pageSize: '30' },
} as const satisfies Record<string, CatalogFilters>;

/** `GET /api/catalog/rows`: the rows of a browse page (home, movies, serials, kids). */
export const rowsQuery = (filters: CatalogFilters = {}) =>
  queryOptions({
    queryKey: catalogKeys.rows(filters),
    queryFn: ({ signal }) =>
      api.request<{ rows: CatalogRow[] }>('/api/catalog/rows', { query: filters, signal }),
    staleTime: 60_000,
  });

/** `GET /api/catalog/list`: one page of a grid. */
export const listQuery = (filters: CatalogFilters) =>
  queryOptions({
    queryKey: catalogKeys.list(filters),
    queryFn: ({ signal }) =>
      api.request<{ items: TitleCard[]; total: number; page: number; pageSize: number }>(
        '/api/catalog/list',
        { query: filters, signal },
      ),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/**
 * `GET /api/catalog/search?q=&page=`: one page of the titles whose name, genres, cast or tags match (a wrong
 * letter forgiven), with popular titles to suggest when none does.
 */
export const searchQuery = (q: string, page = 1) =>
  queryOptions({
    queryKey: catalogKeys.search(q, page),
    queryFn: ({ signal }) =>
      api.request<CatalogSearchReply>('/api/catalog/search', { query: { q, page: String(page) }, signal }),
    enabled: q.trim().length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** `GET /api/catalog/titles/:id`: a title with its seasons, episodes and cast. */
export const titleQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.title(id),
    queryFn: ({ signal }) => api.request<TitleDetails>(`/api/catalog/titles/${id}`, { signal }),
    staleTime: 60_000,
  });

/** `GET /api/catalog/titles/:id/similar`: More like this. */
export const similarQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.similar(id),
    queryFn: ({ signal }) =>
      api.request<{ items: TitleCard[] }>(`/api/catalog/titles/${id}/similar`, { signal }),
    staleTime: 60_000,
  });
