import Stripe from 'stripe';
import type { AppInstance } from '../app-types.js';
import { DAY_MS } from './billing.js';

/** Stripe as a test app sees it: keys, a signer for webhook bodies, and events shaped as Stripe sends them. */
export const STRIPE_SECRET = 'whsec_test_secret_for_salomtv';
export const STRIPE_ENV = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_salomtv',
  STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
  PUBLIC_URL: 'https://tv.example.com/',
};
export const stripeSigner = new Stripe('sk_test_signer_only');
export const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The app's Stripe client, whose methods a test replaces (vi.spyOn): no network. */
export const stripeClient = (app: AppInstance) => app.container.modules.billing.stripe!.client as Stripe;

let eventCounter = 0;
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  created: Date,
  id = `evt_${++eventCounter}`,
) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28',
    type,
    created: unix(created),
    livemode: false,
    data: { object },
  };
}

/** Posts a webhook body signed with the endpoint's secret (or another, or a given signature). */
export function sendWebhook(
  app: AppInstance,
  body: unknown,
  options: { secret?: string; signature?: string; raw?: string } = {},
) {
  const payload = options.raw ?? JSON.stringify(body);
  const signature =
    options.signature ??
    stripeSigner.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? STRIPE_SECRET });
  return app.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}

export function checkoutCompleted(
  userId: number,
  planId: number,
  created: Date,
  options: { subscription?: string; metadata?: Record<string, string>; amount?: number } = {},
) {
  return stripeEvent(
    'checkout.session.completed',
    {
      id: `cs_${userId}`,
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: String(userId),
      customer: `cus_${userId}`,
      subscription: options.subscription ?? `sub_${userId}`,
      amount_total: options.amount ?? 1900,
      currency: 'usd',
      metadata: { user_id: String(userId), plan_id: String(planId), interval: 'month', ...options.metadata },
    },
    created,
  );
}

export function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  userId: number,
  planId: number,
  created: Date,
  period: [Date, Date],
  id: string,
  options: { amount?: number; reason?: string } = {},
) {
  const amount = options.amount ?? 1900;
  return stripeEvent(
    type,
    {
      id,
      object: 'invoice',
      customer: `cus_${userId}`,
      amount_paid: type === 'invoice.paid' ? amount : 0,
      amount_due: amount,
      currency: 'usd',
      billing_reason: options.reason ?? 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription: `sub_${userId}`,
          metadata: { user_id: String(userId), plan_id: String(planId) },
        },
      },
      lines: { object: 'list', data: [{ period: { start: unix(period[0]), end: unix(period[1]) } }] },
    },
    created,
  );
}

export function subscriptionEvent(
  type: string,
  userId: number,
  planId: number,
  created: Date,
  values: Record<string, unknown>,
) {
  const start = new Date(created.getTime() - DAY_MS);
  return stripeEvent(
    type,
    {
      id: `sub_${userId}`,
      object: 'subscription',
      customer: `cus_${userId}`,
      status: 'active',
      cancel_at_period_end: false,
      metadata: { user_id: String(userId), plan_id: String(planId) },
      items: {
        object: 'list',
        data: [
          {
            id: `si_${userId}`,
            current_period_start: unix(start),
            current_period_end: unix(new Date(start.getTime() + 30 * DAY_MS)),
            price: { recurring: { interval: 'month' } },
          },
        ],
      },
      ...values,
    },
    created,
  );
}
