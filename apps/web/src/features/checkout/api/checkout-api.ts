import type {
  CheckoutStatusReply,
  ClickCardBody,
  DemoCardBody,
  DemoPayBody,
  DemoSessionReply,
  SubscriptionReply,
} from '@salomtv/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { billingKeys, useBillingChanged } from '../../../shared/api/billing';

/** `GET /api/billing/demo/session/:id`: the demo checkout's plan and price. */
export const demoSessionQuery = (id: string) =>
  queryOptions({
    queryKey: billingKeys.demoSession(id),
    queryFn: ({ signal }) =>
      api.request<DemoSessionReply>(`/api/billing/demo/session/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });

/** How often the return page asks again while the provider has not told us of the payment. */
const CHECKOUT_POLL_MS = 2000;

/** `GET /api/billing/checkout/:id`: the viewer's checkout, asked again until it is paid or expired. */
export const checkoutStatusQuery = (id: string) =>
  queryOptions({
    queryKey: billingKeys.checkout(id),
    queryFn: ({ signal }) =>
      api.request<CheckoutStatusReply>(`/api/billing/checkout/${encodeURIComponent(id)}`, { signal }),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'open' ? CHECKOUT_POLL_MS : false),
  });

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

/** `POST /api/billing/demo/pay-saved`: pays with the card kept from an earlier purchase. */
export function useDemoPaySaved() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (session: string) =>
      api.request<{ status: string; redirect: string }>('/api/billing/demo/pay-saved', {
        method: 'POST',
        json: { session },
      }),
    onSuccess: changed,
  });
}

/** `POST /api/billing/demo/card`: saves another test card; a past-due renewal is charged again at once. */
export function useSaveDemoCard() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (body: DemoCardBody) =>
      api.request<SubscriptionReply>('/api/billing/demo/card', { method: 'POST', json: body }),
    onSuccess: changed,
  });
}

/** `POST /api/billing/click/card`: Click keeps the card and texts its owner a code; answers where it went. */
export function useRequestClickCard() {
  return useMutation({
    mutationFn: (body: ClickCardBody) =>
      api.request<{ phone_number: string }>('/api/billing/click/card', { method: 'POST', json: body }),
  });
}

/** `POST /api/billing/click/card/verify`: the SMS code confirms the card; renewals are paid with it from now on. */
export function useVerifyClickCard() {
  const changed = useBillingChanged();
  return useMutation({
    mutationFn: (smsCode: string) =>
      api.request<SubscriptionReply>('/api/billing/click/card/verify', {
        method: 'POST',
        json: { sms_code: smsCode },
      }),
    onSuccess: changed,
  });
}
