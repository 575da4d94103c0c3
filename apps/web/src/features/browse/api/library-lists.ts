import type { ContinueWatchingItem, TitleCard } from '@salomtv/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { type ListName, libraryKeys, orEmpty } from '../../../shared/api/library';

/** A title the viewer started, with where it goes on (the episode of a series) and how much is left. */
export type ContinueItem = ContinueWatchingItem;

/** A list's cards in the viewer's display language (`lang`). */
export const libraryListQuery = (name: ListName, lang: string) =>
  queryOptions({
    queryKey: [...libraryKeys.list(name), lang],
    queryFn: ({ signal }) =>
      orEmpty(api.request<{ items: TitleCard[] }>(`/api/${name}`, { query: { lang }, signal }), {
        items: [],
      }),
    staleTime: 15_000,
  });

export const continueWatchingQuery = (lang: string) =>
  queryOptions({
    queryKey: [...libraryKeys.continue, lang],
    queryFn: ({ signal }) =>
      orEmpty(api.request<{ items: ContinueItem[] }>('/api/continue-watching', { query: { lang }, signal }), {
        items: [],
      }),
    staleTime: 15_000,
  });
