import type { Post, postListReplySchema } from '@salomtv/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/api-client';

export type NewsPage = z.infer<typeof postListReplySchema>;

/** Under `posts` so that an admin's change in the same browser makes them stale. */
export const newsKeys = {
  list: (page: number, pageSize: number) => ['posts', 'public', page, pageSize] as const,
  post: (postId: number) => ['posts', 'public', 'post', postId] as const,
};

/** `GET /api/posts`: published posts whose date has come, newest first. */
export const newsListQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: newsKeys.list(page, pageSize),
    queryFn: ({ signal }) =>
      api.request<NewsPage>('/api/posts', {
        query: { page: String(page), pageSize: String(pageSize) },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** `GET /api/posts/:post_id`: one published post (404 for drafts, scheduled and removed posts). */
export const newsPostQuery = (postId: number) =>
  queryOptions({
    queryKey: newsKeys.post(postId),
    queryFn: ({ signal }) => api.request<Post>(`/api/posts/${postId}`, { signal }),
    retry: false,
    staleTime: 60_000,
  });
