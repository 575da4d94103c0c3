import type { FeedbackTicket } from '@salomtv/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';

export const LATEST_TICKETS = 5;

/**
 * `GET /api/admin/feedback?status=open&pageSize=5`: the messages dropdown. Its key starts with `admin-feedback`
 * like the dashboard's ticket list, so answering or closing a ticket there refreshes this too.
 */
export const latestFeedbackQuery = () =>
  queryOptions({
    queryKey: ['admin-feedback', 'latest-open'] as const,
    queryFn: ({ signal }) =>
      api.request<{ items: FeedbackTicket[]; total: number; open_count: number }>('/api/admin/feedback', {
        signal,
        query: { status: 'open', pageSize: String(LATEST_TICKETS) },
      }),
    refetchInterval: 60_000,
    staleTime: 15_000,
  });
