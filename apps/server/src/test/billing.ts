import { randomBytes } from 'node:crypto';
import type { PaymentProviderName, Plan } from '@salomtv/contract';
import type { AppInstance } from '../app-types.js';
import { signedInViewer, type TestClient } from './harness.js';

export const DAY_MS = 86_400_000;
export const CARD_OK = '4242 4242 4242 4242';
export const CARD_DECLINED = '4000 0000 0000 0002';
export const CARD_FAILS_LATER = '4000 0000 0000 0341';

export interface BillingViewer {
  client: TestClient;
  userId: number;
  phone: string;
  password: string;
  /** Signs in again (sessions expire when the test clock jumps by weeks). */
  relogin(): Promise<TestClient>;
}

let counter = 0;

/** A viewer whose 30-day trial (or `trialDays`, or none with null) starts at the test clock's now. */
export async function billingViewer(app: AppInstance, trialDays: number | null = 30): Promise<BillingViewer> {
  counter += 1;
  const phone = `+99890${2_000_000 + counter}`;
  const password = 'viewer-pass-1';
  const client = await signedInViewer(app, phone, password);
  const user = (await app.container.repos.users.findByPhone(phone))!;
  if (trialDays !== null) {
    const trialEnd = new Date(app.container.clock.now().getTime() + trialDays * DAY_MS).toISOString();
    await app.container.repos.users.update(user.user_id, { trial_ends_at: trialEnd });
  }
  const viewer: BillingViewer = {
    client,
    userId: user.user_id,
    phone,
    password,
    async relogin() {
      viewer.client.cookies.delete('sid');
      await viewer.client.signIn(phone, password);
      return viewer.client;
    },
  };
  return viewer;
}

export async function planByCode(app: AppInstance, code: string): Promise<Plan> {
  const plans = await app.container.services.plans.listAll();
  const plan = plans.find((p) => p.code === code);
  if (!plan) throw new Error(`no plan ${code}`);
  return plan;
}

/** Goes through the demo checkout: start, then pay with the card. Answers the pay response. */
export async function buyWithDemo(
  app: AppInstance,
  client: TestClient,
  code: string,
  options: { interval?: 'month' | 'year'; card?: string } = {},
) {
  const plan = await planByCode(app, code);
  const checkout = await client.post('/api/billing/checkout', {
    plan_id: plan.plan_id,
    interval: options.interval ?? 'month',
  });
  if (checkout.statusCode !== 200)
    throw new Error(`checkout failed: ${checkout.statusCode} ${checkout.body}`);
  const session = new URL(checkout.json().url, 'http://x').searchParams.get('session')!;
  return client.post('/api/billing/demo/pay', {
    session,
    card_number: options.card ?? CARD_OK,
    exp: '12/30',
    cvc: '123',
    name: 'Test Viewer',
  });
}

/** Sets plans' prices (cents) through the plan service, as an admin's edit would. */
export async function setPlanPrices(
  app: AppInstance,
  prices: Record<string, { monthly: number; yearly: number | null }>,
): Promise<void> {
  for (const [code, price] of Object.entries(prices)) {
    const plan = await planByCode(app, code);
    await app.container.services.plans.update(
      plan.plan_id,
      { monthly_price_cents: price.monthly, yearly_price_cents: price.yearly },
      null,
    );
  }
}

/** Update Payment info in demo mode: saves another test card. */
export function saveDemoCard(client: TestClient, card: string) {
  return client.post('/api/billing/demo/card', {
    card_number: card,
    exp: '12/30',
    cvc: '123',
    name: 'Test Viewer',
  });
}

/** Click's settings for tests: Click listed beside the demo card, with its ids and secret key. */
export const CLICK_TEST_ENV = {
  PAYMENT_PROVIDERS: 'demo,click',
  CLICK_SERVICE_ID: '12345',
  CLICK_MERCHANT_ID: '678',
  CLICK_SECRET_KEY: 'click-test-secret',
  CLICK_MERCHANT_USER_ID: '901',
  PUBLIC_URL: 'https://tv.example.com',
};

/**
 * A so'm checkout session waiting to be paid through a provider (Payme or Click), as the checkout opens it, for a viewer with
 * no trial (or `trialDays` of it).
 */
export async function openSomCheckout(
  app: AppInstance,
  options: {
    provider: PaymentProviderName;
    priceTiyin: number;
    planCode?: string;
    trialDays?: number | null;
  },
) {
  const viewer = await billingViewer(app, options.trialDays ?? null);
  const plan = await planByCode(app, options.planCode ?? 'standard');
  const now = app.container.clock.now();
  const sessionId = randomBytes(12).toString('base64url');
  await app.container.repos.checkouts.insert({
    session_id: sessionId,
    user_id: viewer.userId,
    plan_id: plan.plan_id,
    billing_interval: 'month',
    price_cents: options.priceTiyin,
    currency: 'UZS',
    provider: options.provider,
    provider_session_id: null,
    status: 'open',
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + 3_600_000).toISOString(),
    completed_at: null,
  });
  return { viewer, plan, sessionId };
}
