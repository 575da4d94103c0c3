import type { AdminSearchReply } from '@salomtv/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';

/** `GET /api/admin/search?q=`: titles, users and posts whose names match. */
export const adminSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['admin-shell', 'search', q] as const,
    queryFn: ({ signal }) => api.request<AdminSearchReply>('/api/admin/search', { signal, query: { q } }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
