import type { PaymentListReply, SubscriptionReply } from '@salomtv/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { billingKeys, useBillingChanged } from '../../../shared/api/billing';

/** `GET /api/billing/payments`: the viewer's payment history (newest first). */
export const paymentsQuery = () =>
  queryOptions({
    queryKey: billingKeys.payments,
    queryFn: ({ signal }) => api.request<PaymentListReply>('/api/billing/payments', { signal }),
    retry: false,
  });

/** `POST /api/billing/change-plan/undo`: drops a scheduled downgrade. */
export function useUndoPlanChange() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: () => api.request<SubscriptionReply>('/api/billing/change-plan/undo', { method: 'POST' }),
    onSuccess: changed,
  });
}

/** `POST /api/billing/cancel` and `/resume`: cancel at the end of the period, or undo that. */
export function useCancelMembership(action: 'cancel' | 'resume') {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: () => api.request<unknown>(`/api/billing/${action}`, { method: 'POST' }),
    onSuccess: changed,
  });
}

/** `POST /api/billing/portal`: where Update Payment info goes (the provider's page, or our demo card page). */
export const usePaymentPortal = () =>
  useMutation({
    mutationFn: () => api.request<{ url: string }>('/api/billing/portal', { method: 'POST' }),
  });
