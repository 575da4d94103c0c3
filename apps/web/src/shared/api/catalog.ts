import {
  type CatalogRow,
  type CatalogSearchReply,
  PAINTED_SECTIONS,
  type TitleCard,
  type TitleDetails,
} from '@salomtv/contract';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

/** Filters of `GET /api/catalog/list` and `GET /api/catalog/rows` (strings, as in the address). */
export type CatalogFilters = Record<string, string | undefined>;

// Every catalogue answer is in the viewer's display language (`lang`, the language keyword): it is in every key.
export const catalogKeys = {
  all: ['catalog'] as const,
  rows: (filters: CatalogFilters, lang: string) => ['catalog', 'rows', lang, filters] as const,
  list: (filters: CatalogFilters, lang: string) => ['catalog', 'list', lang, filters] as const,
  search: (q: string, page: number, lang: string) => ['catalog', 'search', lang, q, page] as const,
  title: (id: number, lang: string) => ['catalog', 'title', lang, id] as const,
  similar: (id: number, lang: string) => ['catalog', 'similar', lang, id] as const,
};

/**
 * After an admin's change to a title (publish, details, media, delete): every catalogue answer this page holds is
 * asked again when next shown, so /home lists a title the moment it is published.
 */
export function markCatalogChanged(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: catalogKeys.all });
}

/** What each browse page asks the catalogue for: its page and its route loader share these. */
export const browseFilters = {
  // The sections the server paints first ask for what it paints (contract prerender.ts).
  movies: PAINTED_SECTIONS['/movies'].filters,
  series: PAINTED_SECTIONS['/serials'].filters,
  kids: PAINTED_SECTIONS['/kidsection'].filters,
  americanShows: { collection: 'america_tv_shows', pageSize: '30' },
} as const satisfies Record<string, CatalogFilters>;

/** `GET /api/catalog/rows`: the rows of a browse page (home, movies, serials, kids). */
export const rowsQuery = (filters: CatalogFilters, lang: string) =>
  queryOptions({
    queryKey: catalogKeys.rows(filters, lang),
    queryFn: ({ signal }) =>
      api.request<{ rows: CatalogRow[] }>('/api/catalog/rows', { query: { ...filters, lang }, signal }),
    staleTime: 60_000,
  });

/** `GET /api/catalog/list`: one page of a grid. */
export const listQuery = (filters: CatalogFilters, lang: string) =>
  queryOptions({
    queryKey: catalogKeys.list(filters, lang),
    queryFn: ({ signal }) =>
      api.request<{ items: TitleCard[]; total: number; page: number; pageSize: number }>(
        '/api/catalog/list',
        { query: { ...filters, lang }, signal },
      ),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

/**
 * `GET /api/catalog/search?q=&page=`: one page of the titles whose name, genres, cast or tags match (a wrong
 * letter forgiven), with popular titles to suggest when none does.
 */
export const searchQuery = (q: string, page: number, lang: string) =>
  queryOptions({
    queryKey: catalogKeys.search(q, page, lang),
    queryFn: ({ signal }) =>
      api.request<CatalogSearchReply>('/api/catalog/search', {
        query: { q, page: String(page), lang },
        signal,
      }),
    enabled: q.trim().length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** `GET /api/catalog/titles/:id`: a title with its seasons, episodes and cast. */
export const titleQuery = (id: number, lang: string) =>
  queryOptions({
    queryKey: catalogKeys.title(id, lang),
    queryFn: ({ signal }) =>
      api.request<TitleDetails>(`/api/catalog/titles/${id}`, { query: { lang }, signal }),
    staleTime: 60_000,
  });

/** `GET /api/catalog/titles/:id/similar`: More like this. */
export const similarQuery = (id: number, lang: string) =>
  queryOptions({
    queryKey: catalogKeys.similar(id, lang),
    queryFn: ({ signal }) =>
      api.request<{ items: TitleCard[] }>(`/api/catalog/titles/${id}/similar`, { query: { lang }, signal }),
    staleTime: 60_000,
  });
