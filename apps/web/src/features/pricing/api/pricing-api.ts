import type {
  BillingInterval,
  PaymentProviderName,
  Plan,
  PlanChangePreview,
  ProvidersReply,
  SubscriptionReply,
} from '@salomtv/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { billingKeys, useBillingChanged } from '../../../shared/api/billing';

/** `GET /api/plans` (public): the offered plans. */
export const plansQuery = () =>
  queryOptions({
    queryKey: billingKeys.plans,
    queryFn: ({ signal }) => api.request<Plan[]>('/api/plans', { signal }),
    staleTime: 60_000,
  });

/** `GET /api/billing/change-plan/preview`: what changing to the plan costs now and when it applies. */
export const planChangePreviewQuery = (planId: number) =>
  queryOptions({
    queryKey: billingKeys.planChange(planId),
    queryFn: ({ signal }) =>
      api.request<PlanChangePreview>(`/api/billing/change-plan/preview?plan_id=${planId}`, { signal }),
    retry: false,
    staleTime: 0,
  });

/** `GET /api/billing/providers?currency=`: the providers a checkout in the currency can go through. */
export const providersQuery = (currency: string) =>
  queryOptions({
    queryKey: billingKeys.providers(currency),
    queryFn: ({ signal }) =>
      api.request<ProvidersReply>(`/api/billing/providers?currency=${encodeURIComponent(currency)}`, {
        signal,
      }),
    staleTime: 60_000,
  });

/** `POST /api/billing/checkout`: a checkout session to go to. */
export const useCheckout = () =>
  useMutation({
    mutationFn: (body: {
      plan_id: number;
      interval: BillingInterval;
      currency: string;
      provider?: PaymentProviderName | undefined;
    }) =>
      api.request<{ url: string; session_id: string }>('/api/billing/checkout', {
        method: 'POST',
        json: body,
      }),
  });

/** `POST /api/billing/change-plan`: an upgrade is charged and applies now, a downgrade waits for the period end. */
export function useChangePlan() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (planId: number) =>
      api.request<SubscriptionReply>('/api/billing/change-plan', {
        method: 'POST',
        json: { plan_id: planId },
      }),
    onSuccess: changed,
  });
}
