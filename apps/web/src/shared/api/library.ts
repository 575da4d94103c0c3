import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './api-client';
import { isApiError } from './api-error';
import { roleQuery } from './session';

// The viewer's own lists and ratings as browse and the player both show them; the calls only one of them
// makes (browse's lists, the player's progress and rating) live in that feature.

/** The titles on the viewer's watch list and favourites. */
export interface LibraryState {
  watchlist: number[];
  favourites: number[];
}
export interface Ratings {
  average: number | null;
  count: number;
  mine: number | null;
}
export type ListName = 'watchlist' | 'favourites';

export const libraryKeys = {
  all: ['library'] as const,
  state: ['library', 'state'] as const,
  list: (name: ListName) => ['library', name] as const,
  continue: ['library', 'continue'] as const,
  progress: (movieId: number) => ['library', 'progress', movieId] as const,
  ratings: (movieId: number) => ['ratings', movieId] as const,
};

const EMPTY: LibraryState = { watchlist: [], favourites: [] };

/** Signed out (401) or not there yet (404): an empty answer instead of an error. */
export async function orEmpty<T>(call: Promise<T>, empty: T): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 404)) return empty;
    throw error;
  }
}

export const libraryStateQuery = () =>
  queryOptions({
    queryKey: libraryKeys.state,
    queryFn: ({ signal }) => orEmpty(api.request<LibraryState>('/api/library/state', { signal }), EMPTY),
    staleTime: 30_000,
  });

export const ratingsQuery = (movieId: number) =>
  queryOptions({
    queryKey: libraryKeys.ratings(movieId),
    queryFn: ({ signal }) =>
      orEmpty<Ratings>(api.request<Ratings>(`/api/ratings/${movieId}`, { signal }), {
        average: null,
        count: 0,
        mine: null,
      }),
    staleTime: 30_000,
  });

/** Whether the visitor is signed in (the library is for viewers only). */
export function useSignedIn(): boolean {
  return Boolean(useQuery(roleQuery()).data);
}

/**
 * Adds a title to or removes it from the watch list or favourites, showing the new state at once and
 * rolling it back if the server refuses.
 */
export function useToggleList(name: ListName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ movieId, on }: { movieId: number; on: boolean }) =>
      on
        ? api.request<void>(`/api/${name}`, { method: 'POST', json: { movie_id: movieId } })
        : api.request<void>(`/api/${name}/${movieId}`, { method: 'DELETE' }),
    onMutate: async ({ movieId, on }) => {
      await queryClient.cancelQueries({ queryKey: libraryKeys.state });
      const before = queryClient.getQueryData<LibraryState>(libraryKeys.state);
      const current = before ?? EMPTY;
      const ids = current[name].filter((id) => id !== movieId);
      queryClient.setQueryData<LibraryState>(libraryKeys.state, {
        ...current,
        [name]: on ? [movieId, ...ids] : ids,
      });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(libraryKeys.state, context.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: libraryKeys.state });
      void queryClient.invalidateQueries({ queryKey: libraryKeys.list(name) });
    },
  });
}

/** One title's place in the viewer's lists, and toggles for both. */
export interface TitleLists {
  signedIn: boolean;
  inWatchlist: boolean;
  inFavourites: boolean;
  toggleWatchlist: () => void;
  toggleFavourite: () => void;
}

/** The viewer's lists for any title on a page: `of(movieId)` is that title's state and toggles. */
export interface LibraryLists {
  signedIn: boolean;
  of: (movieId: number) => TitleLists;
}

/**
 * The watch list and favourites for a page of titles: one set of queries and mutations for every card, not one
 * per card (a browse page holds dozens, and each observer costs its mount and its updates).
 */
export function useLibraryLists(): LibraryLists {
  const signedIn = useSignedIn();
  const state = useQuery({ ...libraryStateQuery(), enabled: signedIn }).data ?? EMPTY;
  const { mutate: toggleWatchlist } = useToggleList('watchlist');
  const { mutate: toggleFavourites } = useToggleList('favourites');
  return useMemo(
    () => ({
      signedIn,
      of: (movieId) => {
        const inWatchlist = state.watchlist.includes(movieId);
        const inFavourites = state.favourites.includes(movieId);
        return {
          signedIn,
          inWatchlist,
          inFavourites,
          toggleWatchlist: () => toggleWatchlist({ movieId, on: !inWatchlist }),
          toggleFavourite: () => toggleFavourites({ movieId, on: !inFavourites }),
        };
      },
    }),
    [signedIn, state, toggleWatchlist, toggleFavourites],
  );
}

/** The state of one title in the viewer's lists, and toggles for both. */
export function useTitleLists(movieId: number): TitleLists {
  return useLibraryLists().of(movieId);
}
