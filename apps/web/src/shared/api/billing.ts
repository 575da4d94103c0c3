import type { SubscriptionReply } from '@salomtv/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { catalogKeys } from './catalog';

/**
 * What the viewer's billing screens share (pricing, checkout, account): the query keys, the subscription and
 * what every change to it fetches again. Each screen's own calls live in its feature.
 */
export const billingKeys = {
  all: ['billing'] as const,
  plans: ['billing', 'plans'] as const,
  subscription: ['billing', 'subscription'] as const,
  payments: ['billing', 'payments'] as const,
  planChanges: ['billing', 'change-plan'] as const,
  planChange: (planId: number) => ['billing', 'change-plan', planId] as const,
  demoSession: (id: string) => ['billing', 'demo-session', id] as const,
  providers: (currency: string) => ['billing', 'providers', currency] as const,
  checkout: (id: string) => ['billing', 'checkout', id] as const,
};

/** `GET /api/billing/subscription`: the signed-in viewer's subscription. */
export const subscriptionQuery = () =>
  queryOptions({
    queryKey: billingKeys.subscription,
    queryFn: ({ signal }) => api.request<SubscriptionReply>('/api/billing/subscription', { signal }),
    retry: false,
  });

/** What a change to the subscription fetches again. */
export function useBillingChanged() {
  const queryClient = useQueryClient();
  // A new plan opens or locks titles: the catalogue's cards say which, so they are fetched again too.
  // A change's preview is not asked again: it described the change just made (now refused as already made),
  // and it is asked afresh when a change is next opened.
  return () => {
    queryClient.removeQueries({ queryKey: billingKeys.planChanges, type: 'inactive' });
    return Promise.all([
      queryClient.invalidateQueries({
        queryKey: billingKeys.all,
        predicate: (query) => query.queryKey[1] !== billingKeys.planChanges[1],
      }),
      queryClient.invalidateQueries({ queryKey: catalogKeys.all }),
    ]);
  };
}
