import type { Post, postListReplySchema } from '@salomtv/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../shared/api/api-client';
import { type PostListParams, postKeys } from './post-keys';

export type PostListReply = z.infer<typeof postListReplySchema>;

/** `GET /api/posts/admin`: one page of every post (drafts, scheduled and published), filtered on the server. */
export const postListQuery = (params: PostListParams) =>
  queryOptions({
    queryKey: postKeys.list(params),
    queryFn: ({ signal }) =>
      api.request<PostListReply>('/api/posts/admin', {
        query: {
          page: String(params.page),
          pageSize: String(params.pageSize),
          search: params.search.trim(),
          status: params.status,
        },
        signal,
      }),
  });

/** `GET /api/posts/admin/:post_id`: one post as the editor loads it. */
export const postDetailQuery = (postId: number) =>
  queryOptions({
    queryKey: postKeys.detail(postId),
    queryFn: ({ signal }) => api.request<Post>(`/api/posts/admin/${postId}`, { signal }),
    retry: false,
  });
