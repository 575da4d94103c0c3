import type { LanguageRecord, LanguageSummary } from '@salomtv/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/api-client';

export const languageKeys = {
  all: ['languages'] as const,
  list: (search = '') => ['languages', 'list', search] as const,
  record: (keyword: string) => ['languages', 'record', keyword.toLowerCase()] as const,
};

/** `GET /api/language/select`: every language (optionally filtered by a search text). */
export const languageListQuery = (search = '') =>
  queryOptions({
    queryKey: languageKeys.list(search),
    queryFn: ({ signal }) =>
      api.request<LanguageSummary[]>('/api/language/select', { query: { search: search.trim() }, signal }),
    staleTime: 60_000,
  });

/** `POST /api/language/get`: the translation record of one keyword, fetched once per keyword. */
export const languageRecordQuery = (keyword: string) =>
  queryOptions({
    queryKey: languageKeys.record(keyword),
    queryFn: async ({ signal }) => {
      const reply = await api.request<LanguageRecord[]>('/api/language/get', {
        method: 'POST',
        json: { keyword },
        signal,
      });
      const record = reply[0];
      if (!record) throw new Error('The language record is empty');
      return record;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
