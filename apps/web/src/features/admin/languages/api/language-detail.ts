import type { LanguageSummary } from '@salomtv/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';
import { languageKeys } from '../../../../shared/i18n/languages-api';

/** `GET /api/language/:lang_id`: a language with its stored texts only (what the form edits). */
export type LanguageDetail = LanguageSummary & { texts: Record<string, string> };

export const languageDetailQuery = (langId: number) =>
  queryOptions({
    queryKey: [...languageKeys.all, 'detail', langId] as const,
    queryFn: ({ signal }) => api.request<LanguageDetail>(`/api/language/${langId}`, { signal }),
  });
