import { createRequire } from 'node:module';
import type { SubscriptionReply } from '@salomtv/contract';
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BillingViewer, billingViewer, DAY_MS, planByCode, setPlanPrices } from '../../test/billing.js';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.js';
import {
  checkoutCompleted,
  invoiceEvent,
  STRIPE_ENV,
  sendWebhook,
  stripeClient,
  subscriptionEvent,
  unix,
} from '../../test/stripe.js';

// The provider loads Stripe's CommonJS build: its error classes are the ones `instanceof` knows.
const StripeLibrary = createRequire(import.meta.url)('stripe') as typeof Stripe;

/** Plan changes with Stripe, faked at the StripeClient boundary; Stripe's answers come back as signed webhooks. */
describe('plan changes with Stripe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(STRIPE_ENV);
    await setPlanPrices(t.app, {
      basic: { monthly: 900, yearly: 9000 },
      standard: { monthly: 1400, yearly: 14000 },
      premium: { monthly: 2500, yearly: 25000 },
    });
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const send = async (body: unknown) => {
    const response = await sendWebhook(t.app, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().outcome as string;
  };
  const client = () => stripeClient(t.app);
  const subscription = async (c: TestClient) =>
    (await c.get('/api/billing/subscription')).json() as SubscriptionReply;
  const payments = async (userId: number) =>
    (await t.app.container.services.subscriptions.payments(userId, 1, 50)).items;
  const plan = (code: string) => planByCode(t.app, code);

  /** The Stripe calls a plan change makes: the products and the subscription's item are there; updates answer `latest_invoice`. */
  function fakeStripe(latestInvoice: string | null = null) {
    vi.spyOn(client().products, 'retrieve').mockImplementation(
      async (id: string) => ({ id, name: 'SalomTV', active: true }) as never,
    );
    vi.spyOn(client().products, 'update').mockResolvedValue({} as never);
    vi.spyOn(client().subscriptions, 'retrieve').mockResolvedValue({
      items: { data: [{ id: 'si_1' }] },
    } as never);
    return vi
      .spyOn(client().subscriptions, 'update')
      .mockResolvedValue({ id: 'sub', latest_invoice: latestInvoice } as never);
  }

  /** A viewer past their trial with a Stripe subscription to Standard (1400 a month) from now. */
  async function standardSubscriber(): Promise<BillingViewer> {
    const viewer = await billingViewer(t.app, null);
    const standard = await plan('standard');
    expect(
      await send(checkoutCompleted(viewer.userId, standard.plan_id, t.clock.now(), { amount: 1400 })),
    ).toBe('activated');
    return viewer;
  }

  it('an upgrade invoices the proration now and unlocks the plan only when that invoice is paid', async () => {
    const viewer = await standardSubscriber();
    t.clock.advance(10 * DAY_MS);
    const c = await viewer.relogin();
    const premium = await plan('premium');
    const before = await subscription(c);
    const update = fakeStripe('in_upgrade_1');
    const asked = (await c.get(`/api/billing/change-plan/preview?plan_id=${premium.plan_id}`)).json();
    expect(asked).toMatchObject({ kind: 'upgrade', renewal_price_cents: 2500 });
    expect(asked.amount_due_now_cents).toBeGreaterThan(0);

    const changed = await c.post('/api/billing/change-plan', { plan_id: premium.plan_id });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      plan: { code: 'standard' },
      max_height: 720,
      pending_upgrade_plan: { code: 'premium' },
    });
    expect(update).toHaveBeenCalledWith(`sub_${viewer.userId}`, {
      items: [
        {
          id: 'si_1',
          price_data: {
            currency: 'usd',
            product: `salomtv_plan_${premium.plan_id}`,
            unit_amount: 2500,
            recurring: { interval: 'month' },
          },
        },
      ],
      proration_behavior: 'always_invoice',
      proration_date: unix(t.clock.now()),
      payment_behavior: 'error_if_incomplete',
    });
    // Stripe's subscription event already names the new price's plan: it unlocks nothing.
    const now = t.clock.now();
    await send(subscriptionEvent('customer.subscription.updated', viewer.userId, premium.plan_id, now, {}));
    expect(await subscription(c)).toMatchObject({ plan: { code: 'standard' }, max_height: 720 });
    expect(await t.app.container.services.entitlements.capFor(viewer.userId)).toBe(720);
    // Nor does another invoice's payment.
    const period: [Date, Date] = [now, new Date(before.current_period_end!)];
    const other = invoiceEvent('invoice.paid', viewer.userId, premium.plan_id, now, period, 'in_other', {
      amount: 300,
      reason: 'subscription_update',
    });
    expect(await send(other)).toMatch(/no upgrade waits/);
    expect((await subscription(c)).plan?.code).toBe('standard');

    const periodEnd = (await subscription(c)).current_period_end;
    const paid = invoiceEvent('invoice.paid', viewer.userId, premium.plan_id, now, period, 'in_upgrade_1', {
      amount: asked.amount_due_now_cents,
      reason: 'subscription_update',
    });
    expect(await send(paid)).toBe('upgraded');
    expect(await subscription(c)).toMatchObject({
      plan: { code: 'premium' },
      max_height: 1080,
      price_cents: 2500,
      current_period_end: periodEnd,
      pending_upgrade_plan: null,
    });
    expect((await payments(viewer.userId))[0]).toMatchObject({
      provider_ref: 'in_upgrade_1',
      amount_cents: asked.amount_due_now_cents,
      status: 'succeeded',
    });
  });

  it("applies the upgrade when the invoice's payment is reported before Stripe's answer comes back", async () => {
    const viewer = await standardSubscriber();
    const premium = await plan('premium');
    const update = fakeStripe();
    update.mockImplementation(async () => {
      const now = t.clock.now();
      const end = new Date(now.getTime() + 20 * DAY_MS);
      await send(
        invoiceEvent('invoice.paid', viewer.userId, premium.plan_id, now, [now, end], 'in_early', {
          amount: 1000,
          reason: 'subscription_update',
        }),
      );
      return { id: 'sub', latest_invoice: 'in_early' } as never;
    });
    const changed = await viewer.client.post('/api/billing/change-plan', { plan_id: premium.plan_id });
    expect(changed.json()).toMatchObject({ plan: { code: 'premium' }, pending_upgrade_plan: null });
  });

  it('a declined upgrade leaves the old plan and says so', async () => {
    const viewer = await standardSubscriber();
    const premium = await plan('premium');
    const update = fakeStripe();
    update.mockRejectedValue(
      new StripeLibrary.errors.StripeCardError({ type: 'card_error', message: 'Your card was declined.' }),
    );
    const refused = await viewer.client.post('/api/billing/change-plan', { plan_id: premium.plan_id });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({ code: 'card_declined' });
    expect(refused.json().error.message).toMatch(/stay on the Standard plan/);
    expect(await subscription(viewer.client)).toMatchObject({
      plan: { code: 'standard' },
      max_height: 720,
      pending_upgrade_plan: null,
    });
    // Another try is not blocked by the one that failed.
    update.mockResolvedValue({ id: 'sub', latest_invoice: 'in_retry' } as never);
    const again = await viewer.client.post('/api/billing/change-plan', { plan_id: premium.plan_id });
    expect(again.json().pending_upgrade_plan).toMatchObject({ code: 'premium' });
  });

  it('a downgrade sets the next price with no proration and applies on the renewal invoice; undo restores it', async () => {
    const viewer = await standardSubscriber();
    const basic = await plan('basic');
    const standard = await plan('standard');
    const update = fakeStripe();
    const scheduled = await viewer.client.post('/api/billing/change-plan', { plan_id: basic.plan_id });
    expect(scheduled.json()).toMatchObject({ plan: { code: 'standard' }, scheduled_plan: { code: 'basic' } });
    const priceOf = (call: number) => {
      const params = update.mock.calls[call]![1] as Stripe.SubscriptionUpdateParams;
      return [params.items?.[0]?.price_data?.unit_amount, params.proration_behavior];
    };
    expect(priceOf(0)).toEqual([900, 'none']);

    expect((await viewer.client.post('/api/billing/change-plan/undo')).json().scheduled_plan).toBeNull();
    expect(priceOf(1)).toEqual([1400, 'none']);
    await viewer.client.post('/api/billing/change-plan', { plan_id: basic.plan_id });

    const end = new Date((await subscription(viewer.client)).current_period_end!);
    const next: [Date, Date] = [end, new Date(end.getTime() + 30 * DAY_MS)];
    await send(
      invoiceEvent('invoice.paid', viewer.userId, standard.plan_id, end, next, 'in_cycle', { amount: 900 }),
    );
    expect(await subscription(viewer.client)).toMatchObject({
      plan: { code: 'basic' },
      max_height: 480,
      price_cents: 900,
      scheduled_plan: null,
    });
  });

  it('a purchase during the trial is a Stripe trial to the same end: nothing paid until then, then the plan', async () => {
    const viewer = await billingViewer(t.app);
    const standard = await plan('standard');
    const trialEnd = (await subscription(viewer.client)).trial_ends_at!;
    vi.spyOn(client().products, 'retrieve').mockResolvedValue({
      id: 'x',
      name: 'SalomTV Standard',
      active: true,
    } as never);
    const create = vi
      .spyOn(client().checkout.sessions, 'create')
      .mockResolvedValue({ id: 'cs_trial', url: 'https://checkout.stripe.com/c/pay/cs_trial' } as never);
    expect(
      (await viewer.client.post('/api/billing/checkout', { plan_id: standard.plan_id })).statusCode,
    ).toBe(200);
    expect(create.mock.calls[0]![0]).toMatchObject({
      metadata: { first_payment_at: trialEnd },
      subscription_data: { trial_end: unix(new Date(trialEnd)) },
    });

    const now = t.clock.now();
    const metadata = { first_payment_at: trialEnd };
    expect(await send(checkoutCompleted(viewer.userId, standard.plan_id, now, { metadata }))).toMatch(
      /^trial/,
    );
    const trialing = await subscription(viewer.client);
    expect(trialing).toMatchObject({
      status: 'trialing',
      max_height: 1080,
      scheduled_plan: { code: 'standard' },
      next_billing_date: trialEnd,
    });
    // Stripe's own invoice of nothing at the start, and its trialing subscription, change nothing.
    const trial: [Date, Date] = [now, new Date(trialEnd)];
    const zero = { amount: 0, reason: 'subscription_create' };
    expect(
      await send(invoiceEvent('invoice.paid', viewer.userId, standard.plan_id, now, trial, 'in_zero', zero)),
    ).toMatch(/^trial/);
    await send(
      subscriptionEvent('customer.subscription.updated', viewer.userId, standard.plan_id, now, {
        status: 'trialing',
      }),
    );
    expect(await subscription(viewer.client)).toMatchObject({
      status: 'trialing',
      scheduled_plan: { code: 'standard' },
    });
    expect(await payments(viewer.userId)).toEqual([]);

    const start = new Date(unix(new Date(trialEnd)) * 1000);
    const first: [Date, Date] = [start, new Date(start.getTime() + 30 * DAY_MS)];
    await send(
      invoiceEvent('invoice.paid', viewer.userId, standard.plan_id, start, first, 'in_first', {
        amount: 1400,
      }),
    );
    expect(await t.app.container.services.subscriptions.view(viewer.userId)).toMatchObject({
      status: 'active',
      plan: { code: 'standard' },
      price_cents: 1400,
      current_period_start: start.toISOString(),
      scheduled_plan: null,
    });
  });

  it("a purchase in the trial's last two days anchors the first payment at its end instead (Stripe trials need 48 h)", async () => {
    const viewer = await billingViewer(t.app, 1);
    const basic = await plan('basic');
    const trialEnd = (await subscription(viewer.client)).trial_ends_at!;
    vi.spyOn(client().products, 'retrieve').mockResolvedValue({
      id: 'x',
      name: 'SalomTV Basic',
      active: true,
    } as never);
    const create = vi
      .spyOn(client().checkout.sessions, 'create')
      .mockResolvedValue({ id: 'cs_near', url: 'https://checkout.stripe.com/c/pay/cs_near' } as never);
    await viewer.client.post('/api/billing/checkout', { plan_id: basic.plan_id });
    const data = create.mock.calls[0]![0]!.subscription_data!;
    expect(data).toMatchObject({
      billing_cycle_anchor: unix(new Date(trialEnd)),
      proration_behavior: 'none',
    });
    expect(data.trial_end).toBeUndefined();
  });
});
