export type PostStatusFilter = 'draft' | 'published' | 'scheduled';

export interface PostListParams {
  page: number;
  pageSize: number;
  search: string;
  status?: PostStatusFilter;
}

export const postKeys = {
  all: ['admin-posts'] as const,
  lists: ['admin-posts', 'list'] as const,
  list: (params: PostListParams) => ['admin-posts', 'list', params] as const,
  detail: (postId: number) => ['admin-posts', 'detail', postId] as const,
};

/** What the viewer site caches of posts (the news page and the landing page): stale after an admin change. */
export const publicPostsKey = ['posts'] as const;
