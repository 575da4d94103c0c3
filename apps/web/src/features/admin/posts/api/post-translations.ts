import type { PostTranslation, PostTranslationBody } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';
import { postKeys, publicPostsKey } from './post-keys';

const translationsKey = (postId: number) => [...postKeys.detail(postId), 'translations'] as const;

/** `GET /api/posts/admin/:post_id/translations`: the post's title and body in each language it has them in. */
export const postTranslationsQuery = (postId: number) =>
  queryOptions({
    queryKey: translationsKey(postId),
    queryFn: ({ signal }) =>
      api.request<PostTranslation[]>(`/api/posts/admin/${postId}/translations`, { signal }),
  });

/** `POST /api/posts/:post_id/translation` (or `/translation/delete` with `remove`): answers every translation. */
export function useChangePostTranslation(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { remove: boolean; body: PostTranslationBody }) =>
      api.request<PostTranslation[]>(`/api/posts/${postId}/translation${change.remove ? '/delete' : ''}`, {
        method: 'POST',
        json: change.remove ? { language: change.body.language } : change.body,
      }),
    onSuccess: (translations) => {
      queryClient.setQueryData(translationsKey(postId), translations);
      void queryClient.invalidateQueries({ queryKey: publicPostsKey });
    },
  });
}
