import type { FeedbackTicket } from '@salomtv/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';

export const TICKETS_PAGE_SIZE = 10;
export type TicketFilter = FeedbackTicket['status'] | 'all';
export interface TicketList {
  items: FeedbackTicket[];
  total: number;
  page: number;
  pageSize: number;
  open_count: number;
}

/** Every ticket query (this list and the top bar's messages dropdown) starts with this key. */
const feedbackKey = ['admin-feedback'] as const;

/** `GET /api/admin/feedback?status=&page=`: viewer feedback tickets, newest first. */
export const ticketsQuery = (filter: TicketFilter, page: number) =>
  queryOptions({
    queryKey: [...feedbackKey, 'list', filter, page] as const,
    queryFn: ({ signal }) =>
      api.request<TicketList>('/api/admin/feedback', {
        signal,
        query: {
          status: filter === 'all' ? undefined : filter,
          page: String(page),
          pageSize: String(TICKETS_PAGE_SIZE),
        },
      }),
    placeholderData: keepPreviousData,
  });

/** `POST /api/admin/feedback/:id/answer` and `/close`; both refresh every ticket list. */
export function useTicketAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { ticketId: number; answer: string } | { ticketId: number; close: true }) =>
      'answer' in action
        ? api.request<FeedbackTicket>(`/api/admin/feedback/${action.ticketId}/answer`, {
            method: 'POST',
            json: { answer: action.answer },
          })
        : api.request<FeedbackTicket>(`/api/admin/feedback/${action.ticketId}/close`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKey }),
  });
}
