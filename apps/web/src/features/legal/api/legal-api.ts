import type { LegalPageName, LegalText } from '@salomtv/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';

/** Under `legal`, which an admin's change in the same browser makes stale. */
export const legalKeys = {
  all: ['legal'] as const,
  page: (page: LegalPageName, keyword: string) => ['legal', page, keyword.toLowerCase()] as const,
};

/** `GET /api/legal/:page?lang=`: the page in the viewer's language, else in the default one. */
export const legalQuery = (page: LegalPageName, keyword: string) =>
  queryOptions({
    queryKey: legalKeys.page(page, keyword),
    queryFn: ({ signal }) =>
      api.request<LegalText>(`/api/legal/${page}`, { query: { lang: keyword }, signal }),
    staleTime: 5 * 60_000,
  });
