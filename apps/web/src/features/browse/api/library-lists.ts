import type { TitleCard } from '@salomtv/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { type ListName, libraryKeys, orEmpty } from '../../../shared/api/library';

/** A title the viewer started, with how far they got. */
export interface ContinueItem {
  card: TitleCard;
  episode_id: number | null;
  position_seconds: number;
  duration_seconds: number;
  percent: number;
  updated_at: string;
}

export const libraryListQuery = (name: ListName) =>
  queryOptions({
    queryKey: libraryKeys.list(name),
    queryFn: ({ signal }) =>
      orEmpty(api.request<{ items: TitleCard[] }>(`/api/${name}`, { signal }), { items: [] }),
    staleTime: 15_000,
  });

export const continueWatchingQuery = () =>
  queryOptions({
    queryKey: libraryKeys.continue,
    queryFn: ({ signal }) =>
      orEmpty(api.request<{ items: ContinueItem[] }>('/api/continue-watching', { signal }), { items: [] }),
    staleTime: 15_000,
  });
