import type { FeedbackCreate, FeedbackTicket } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';

export const feedbackKeys = { mine: ['feedback', 'mine'] as const };

export interface MyTickets {
  items: FeedbackTicket[];
  total: number;
  page: number;
  pageSize: number;
  open_count: number;
}

/** `GET /api/feedback/mine`: the signed-in viewer's own tickets, newest first, with the admins' answers. */
export const myTicketsQuery = () =>
  queryOptions({
    queryKey: feedbackKeys.mine,
    queryFn: ({ signal }) =>
      api.request<MyTickets>('/api/feedback/mine', { query: { pageSize: '50' }, signal }),
    retry: false,
  });

/** `POST /api/feedback`: a Help ticket (signed in, or with a contact email). */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackCreate) =>
      api.request<FeedbackTicket>('/api/feedback', { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.mine }),
  });
}
