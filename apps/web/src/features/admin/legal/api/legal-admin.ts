import type { LegalAdminReply, LegalPageName, LegalText, LegalTextBody } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';

const legalAdminKey = (page: LegalPageName) => ['admin-legal', page] as const;
/** What the viewer site caches of the legal pages: stale after an admin change. */
const publicLegalKey = ['legal'] as const;

/** `GET /api/admin/legal/:page`: the page in every language that has it. */
export const legalAdminQuery = (page: LegalPageName) =>
  queryOptions({
    queryKey: legalAdminKey(page),
    queryFn: ({ signal }) => api.request<LegalAdminReply>(`/api/admin/legal/${page}`, { signal }),
  });

export interface SaveLegalInput {
  page: LegalPageName;
  keyword: string;
  text: LegalTextBody;
}

/** `POST /api/admin/legal/:page/:lang`: the server cleans the body and answers what it stored. */
export function useSaveLegalText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ page, keyword, text }: SaveLegalInput) =>
      api.request<LegalText>(`/api/admin/legal/${page}/${encodeURIComponent(keyword)}`, {
        method: 'POST',
        json: text,
      }),
    onSuccess: (_saved, { page }) => {
      void queryClient.invalidateQueries({ queryKey: legalAdminKey(page) });
      void queryClient.invalidateQueries({ queryKey: publicLegalKey });
    },
  });
}
