import type { Post } from '@salomtv/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';

const LATEST = 3;

/**
 * `GET /api/posts`: the latest published posts in the viewer's language (the key is the news page's, so both
 * share the answer).
 */
export const latestPostsQuery = (language: string) =>
  queryOptions({
    queryKey: ['posts', 'public', language.toLowerCase(), 1, LATEST] as const,
    queryFn: ({ signal }) =>
      api.request<{ items: Post[]; total: number }>('/api/posts', {
        query: { page: '1', pageSize: String(LATEST), lang: language },
        signal,
      }),
    staleTime: 60_000,
  });
