import type { Post, postFieldsSchema } from '@salomtv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../shared/api/api-client';
import { postKeys, publicPostsKey } from './post-keys';

/** After any change: the editor gets the post as saved; the lists (admin and viewer) ask again. */
function useSaved() {
  const queryClient = useQueryClient();
  return (post: Post) => {
    queryClient.setQueryData(postKeys.detail(post.post_id), post);
    void queryClient.invalidateQueries({ queryKey: postKeys.lists });
    void queryClient.invalidateQueries({ queryKey: publicPostsKey });
  };
}

export interface SavePostInput {
  postId: number | null;
  /** The fields as sent (the server parses them again). */
  fields: z.input<typeof postFieldsSchema>;
  /** A new cover image to upload after the text is saved. */
  cover: File | null;
}

export interface SavePostResult {
  post: Post;
  /** Set when the text was saved but the cover upload was refused. */
  coverError?: Error;
}

/**
 * Saves the text as JSON (`POST /api/posts` or `/api/posts/:post_id`: the body can be far longer than a
 * multipart field may be), then the chosen cover through `POST /api/posts/:post_id/cover`.
 */
export function useSavePost() {
  const saved = useSaved();
  return useMutation({
    mutationFn: async ({ postId, fields, cover }: SavePostInput): Promise<SavePostResult> => {
      const post = await api.request<Post>(postId ? `/api/posts/${postId}` : '/api/posts', {
        method: 'POST',
        json: fields,
      });
      saved(post);
      if (!cover) return { post };
      const form = new FormData();
      form.append('cover', cover);
      try {
        const withCover = await api.request<Post>(`/api/posts/${post.post_id}/cover`, {
          method: 'POST',
          form,
          timeoutMs: 120_000,
        });
        saved(withCover);
        return { post: withCover };
      } catch (error) {
        return { post, coverError: error instanceof Error ? error : new Error('The cover upload failed') };
      }
    },
  });
}

/** `DELETE /api/posts/:post_id/cover`. */
export function useRemoveCover() {
  const saved = useSaved();
  return useMutation({
    mutationFn: (postId: number) => api.request<Post>(`/api/posts/${postId}/cover`, { method: 'DELETE' }),
    onSuccess: saved,
  });
}

/** `POST /api/posts/:post_id/publish` (at once, or keeping a scheduled date) and `/unpublish`. */
export function usePublishPost() {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ postId, publish }: { postId: number; publish: boolean }) =>
      api.request<Post>(`/api/posts/${postId}/${publish ? 'publish' : 'unpublish'}`, {
        method: 'POST',
        ...(publish ? { json: {} } : {}),
      }),
    onSuccess: saved,
  });
}

/** `DELETE /api/posts/:post_id`: the post and its cover. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => api.request<void>(`/api/posts/${postId}`, { method: 'DELETE' }),
    onSuccess: (_reply, postId) => {
      queryClient.removeQueries({ queryKey: postKeys.detail(postId) });
      void queryClient.invalidateQueries({ queryKey: postKeys.lists });
      void queryClient.invalidateQueries({ queryKey: publicPostsKey });
    },
  });
}
