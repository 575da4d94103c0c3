import type { Post, postListReplySchema } from '@salomtv/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/api-client';

export type NewsPage = z.infer<typeof postListReplySchema>;

/** Under `posts` so that an admin's change in the same browser makes them stale. */
export const newsKeys = {
  list: (language: string, page: number, pageSize: number) =>
    ['posts', 'public', language.toLowerCase(), page, pageSize] as const,
  post: (language: string, postId: number) =>
    ['posts', 'public', language.toLowerCase(), 'post', postId] as const,
};

/** `GET /api/posts`: published posts whose date has come, newest first, in the viewer's language. */
export const newsListQuery = (language: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: newsKeys.list(language, page, pageSize),
    queryFn: ({ signal }) =>
      api.request<NewsPage>('/api/posts', {
        query: { page: String(page), pageSize: String(pageSize), lang: language },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** `GET /api/posts/:post_id`: one published post (404 for drafts, scheduled and removed posts). */
export const newsPostQuery = (language: string, postId: number) =>
  queryOptions({
    queryKey: newsKeys.post(language, postId),
    queryFn: ({ signal }) => api.request<Post>(`/api/posts/${postId}`, { query: { lang: language }, signal }),
    retry: false,
    staleTime: 60_000,
  });
