import type {
  BillingInterval,
  DemoCardBody,
  DemoPayBody,
  DemoSessionReply,
  PaymentListReply,
  Plan,
  PlanChangePreview,
  SubscriptionReply,
} from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { catalogKeys } from '../../../shared/catalog/catalog-api';

export const billingKeys = {
  all: ['billing'] as const,
  plans: ['billing', 'plans'] as const,
  subscription: ['billing', 'subscription'] as const,
  payments: ['billing', 'payments'] as const,
  planChange: (planId: number) => ['billing', 'change-plan', planId] as const,
  demoSession: (id: string) => ['billing', 'demo-session', id] as const,
};

/** `GET /api/plans` (public): the offered plans. */
export const plansQuery = () =>
  queryOptions({
    queryKey: billingKeys.plans,
    queryFn: ({ signal }) => api.request<Plan[]>('/api/plans', { signal }),
    staleTime: 60_000,
  });

/** `GET /api/billing/subscription`: the signed-in viewer's subscription. */
export const subscriptionQuery = () =>
  queryOptions({
    queryKey: billingKeys.subscription,
    queryFn: ({ signal }) => api.request<SubscriptionReply>('/api/billing/subscription', { signal }),
    retry: false,
  });

/** `GET /api/billing/payments`: the viewer's payment history (newest first). */
export const paymentsQuery = () =>
  queryOptions({
    queryKey: billingKeys.payments,
    queryFn: ({ signal }) => api.request<PaymentListReply>('/api/billing/payments', { signal }),
    retry: false,
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

/** `GET /api/billing/demo/session/:id`: the demo checkout's plan and price. */
export const demoSessionQuery = (id: string) =>
  queryOptions({
    queryKey: billingKeys.demoSession(id),
    queryFn: ({ signal }) =>
      api.request<DemoSessionReply>(`/api/billing/demo/session/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

function useBillingChanged() {
  const queryClient = useQueryClient();
  // A new plan opens or locks titles: the catalogue's cards say which, so they are fetched again too.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.all }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
    ]);
}

/** `POST /api/billing/checkout`: a checkout session to go to. */
export const useCheckout = () =>
  useMutation({
    mutationFn: (body: { plan_id: number; interval: BillingInterval }) =>
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

/** `POST /api/billing/demo/pay`: the demo provider charges the card. */
export function useDemoPay() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (body: DemoPayBody) =>
      api.request<{ status: string; redirect: string }>('/api/billing/demo/pay', {
        method: 'POST',
        json: body,
      }),
    onSuccess: changed,
  });
}

/** `POST /api/billing/portal`: where Update Payment info goes (the provider's page, or our demo card page). */
export const usePaymentPortal = () =>
  useMutation({
    mutationFn: () => api.request<{ url: string }>('/api/billing/portal', { method: 'POST' }),
  });

/** `POST /api/billing/demo/card`: saves another test card; a past-due renewal is charged again at once. */
export function useSaveDemoCard() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (body: DemoCardBody) =>
      api.request<SubscriptionReply>('/api/billing/demo/card', { method: 'POST', json: body }),
    onSuccess: changed,
  });
}

/** Integer cents as money in the viewer's language, such as $19 or $7.99. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  const whole = cents % 100 === 0;
  try {
    return new Intl.NumberFormat([locale, 'en'], {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(whole ? 0 : 2)} ${currency}`;
  }
}
