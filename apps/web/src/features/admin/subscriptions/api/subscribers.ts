import type {
  adminSubscriptionListReplySchema,
  Payment,
  PaymentListReply,
  SubscriptionStatus,
} from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../shared/api/api-client';

export type SubscriptionListReply = z.infer<typeof adminSubscriptionListReplySchema>;
export type SubscriberRow = SubscriptionListReply['items'][number];

export interface SubscriberFilter {
  page: number;
  pageSize: number;
  status?: SubscriptionStatus | undefined;
  planId?: number | undefined;
}

export const subscriberKeys = {
  all: ['admin-subscriptions'] as const,
  list: (filter: SubscriberFilter) => ['admin-subscriptions', 'list', filter] as const,
  payments: (userId: number, page: number) => ['admin-subscriptions', 'payments', userId, page] as const,
};

/** `GET /api/admin/subscriptions`: a page of subscriptions, newest first, filtered on the server. */
export const subscriberListQuery = (filter: SubscriberFilter) =>
  queryOptions({
    queryKey: subscriberKeys.list(filter),
    queryFn: ({ signal }) =>
      api.request<SubscriptionListReply>('/api/admin/subscriptions', {
        signal,
        query: {
          page: String(filter.page),
          pageSize: String(filter.pageSize),
          status: filter.status,
          plan_id: filter.planId === undefined ? undefined : String(filter.planId),
        },
      }),
  });

/** `GET /api/admin/subscriptions/:user_id/payments`: one subscriber's payment history, newest first. */
export const subscriberPaymentsQuery = (userId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: subscriberKeys.payments(userId, page),
    queryFn: ({ signal }) =>
      api.request<PaymentListReply>(`/api/admin/subscriptions/${userId}/payments`, {
        signal,
        query: { page: String(page), pageSize: String(pageSize) },
      }),
    retry: false,
  });

/** Payments an admin refunds here: Payme's and Click's, once paid. */
export const refundable = (payment: Pick<Payment, 'provider' | 'status'>) =>
  (payment.provider === 'payme' || payment.provider === 'click') && payment.status === 'succeeded';

/** `POST /api/admin/payments/:payment_id/refund`: the payment refunded and its paid time taken back. */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number) =>
      api.request<Payment>(`/api/admin/payments/${paymentId}/refund`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriberKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['admin-payments'] }),
      ]),
  });
}

/** The CSV downloads (`GET /api/admin/export/:name.csv`): plain links, the browser saves the file. */
export const exportUrl = (name: 'users' | 'subscriptions' | 'payments') => `/api/admin/export/${name}.csv`;
