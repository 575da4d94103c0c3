import type { AuditEntry } from '@salomtv/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';

export const ACTIVITIES_PAGE_SIZE = 25;

/** `GET /api/admin/audit?actor=me`: the signed-in admin's own changes, newest first. */
export const ownAuditQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin-audit', 'me', page] as const,
    queryFn: ({ signal }) =>
      api.request<{ items: AuditEntry[]; total: number; page: number; pageSize: number }>(
        '/api/admin/audit',
        {
          signal,
          query: { actor: 'me', page: String(page), pageSize: String(ACTIVITIES_PAGE_SIZE) },
        },
      ),
    placeholderData: keepPreviousData,
  });
