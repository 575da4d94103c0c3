import type {
  adminPaymentListReplySchema,
  PaymentProviderName,
  PaymentStatus,
  ReconciliationReply,
} from '@salomtv/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../shared/api/api-client';

export type AdminPaymentListReply = z.infer<typeof adminPaymentListReplySchema>;
export type AdminPaymentRow = AdminPaymentListReply['items'][number];

export interface PaymentFilter {
  page: number;
  pageSize: number;
  status?: PaymentStatus | undefined;
  provider?: PaymentProviderName | undefined;
}

export const paymentKeys = {
  all: ['admin-payments'] as const,
  list: (filter: PaymentFilter) => ['admin-payments', 'list', filter] as const,
  reconciliation: (from: string, to: string) => ['admin-payments', 'reconciliation', from, to] as const,
};

/** `GET /api/admin/payments`: every account's payments, newest first, filtered on the server. */
export const adminPaymentsQuery = (filter: PaymentFilter) =>
  queryOptions({
    queryKey: paymentKeys.list(filter),
    queryFn: ({ signal }) =>
      api.request<AdminPaymentListReply>('/api/admin/payments', {
        signal,
        query: {
          page: String(filter.page),
          pageSize: String(filter.pageSize),
          status: filter.status,
          provider: filter.provider,
        },
      }),
  });

/** `GET /api/admin/payments/reconciliation`: our payments against the providers' records, per Tashkent day. */
export const reconciliationQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: paymentKeys.reconciliation(from, to),
    queryFn: ({ signal }) =>
      api.request<ReconciliationReply>('/api/admin/payments/reconciliation', { signal, query: { from, to } }),
    retry: false,
  });
