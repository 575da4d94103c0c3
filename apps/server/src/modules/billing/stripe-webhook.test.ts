import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { billingViewer, DAY_MS, planByCode } from '../../test/billing.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  checkoutCompleted,
  invoiceEvent,
  STRIPE_ENV,
  STRIPE_SECRET,
  sendWebhook,
  stripeClient,
  stripeSigner,
  subscriptionEvent,
  unix,
} from '../../test/stripe.js';

const SECRET = STRIPE_SECRET;
const signer = stripeSigner;

describe('stripe provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(STRIPE_ENV);
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const send = (body: unknown, options: { secret?: string; signature?: string; raw?: string } = {}) =>
    sendWebhook(t.app, body, options);
  const client = () => stripeClient(t.app);
  const payments = async (userId: number) => t.app.container.services.subscriptions.payments(userId, 1, 50);
  const state = async (userId: number) => t.app.container.services.subscriptions.view(userId);
  const invoice = invoiceEvent;

  it('needs its keys: stripe without them is a configuration error naming the variable', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/x', PAYMENT_PROVIDER: 'stripe' };
    expect(() => loadConfig(base)).toThrow(ConfigError);
    expect(() => loadConfig(base)).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() =>
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: SECRET }),
    ).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadConfig({ ...base, ...STRIPE_ENV }).stripe).toMatchObject({
      publicUrl: 'https://tv.example.com',
    });
  });

  it('builds a Checkout Session in subscription mode with the plan price, the viewer and the plan', async () => {
    const v = await billingViewer(t.app);
    const plan = await planByCode(t.app, 'standard');
    vi.spyOn(client().products, 'retrieve').mockResolvedValue({
      id: 'x',
      name: 'SalomTV Standard',
      active: true,
    } as never);
    const create = vi
      .spyOn(client().checkout.sessions, 'create')
      .mockResolvedValue({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' } as never);
    const response = await v.client.post('/api/billing/checkout', {
      plan_id: plan.plan_id,
      interval: 'year',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    const [params, options] = create.mock.calls[0]!;
    expect(params).toMatchObject({
      mode: 'subscription',
      client_reference_id: String(v.userId),
      metadata: { plan_id: String(plan.plan_id), user_id: String(v.userId), interval: 'year' },
      subscription_data: { metadata: { plan_id: String(plan.plan_id) } },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: 19000,
            recurring: { interval: 'year' },
            product: `salomtv_plan_${plan.plan_id}`,
          },
        },
      ],
    });
    expect(params!.success_url).toMatch(/^https:\/\/tv\.example\.com\/userprofile\?checkout=success/);
    expect(params!.cancel_url).toBe('https://tv.example.com/pricingplan?checkout=canceled');
    expect(options).toMatchObject({ idempotencyKey: expect.stringContaining(response.json().session_id) });
    // The demo pages do not exist with Stripe.
    expect((await v.client.get(`/api/billing/demo/session/${response.json().session_id}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const v = await billingViewer(t.app);
    const plan = await planByCode(t.app, 'basic');
    const body = checkoutCompleted(v.userId, plan.plan_id, t.clock.now());
    expect((await send(body, { secret: 'whsec_someone_else' })).statusCode).toBe(400);
    expect((await send(body, { signature: 't=1,v1=deadbeef' })).statusCode).toBe(400);
    const payload = JSON.stringify(body);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const tampered = await send(null, {
      raw: payload.replace('"1900"', '"1"').replace('1900', '1'),
      signature: header,
    });
    expect(tampered.statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/billing/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    expect((await state(v.userId)).status).toBe('trialing');
    const events = await t.app.container.database.db.selectFrom('billing_events').selectAll().execute();
    expect(events).toHaveLength(0);
  });

  it('applies checkout, invoice.paid and cancellation; a replayed event changes nothing twice', async () => {
    const v = await billingViewer(t.app);
    const plan = await planByCode(t.app, 'standard');
    const t0 = t.clock.now();
    const completed = await send(checkoutCompleted(v.userId, plan.plan_id, t0));
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ received: true, duplicate: false, outcome: 'activated' });
    expect(await state(v.userId)).toMatchObject({
      status: 'active',
      provider: 'stripe',
      max_height: 720,
      plan: { code: 'standard' },
    });

    const periodEnd = new Date(t0.getTime() + 30 * DAY_MS);
    const paid = invoice(
      'invoice.paid',
      v.userId,
      plan.plan_id,
      new Date(t0.getTime() + 1000),
      [t0, periodEnd],
      'in_first',
    );
    expect((await send(paid)).json().outcome).toBe('paid');
    expect((await payments(v.userId)).items).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        amount_cents: 1900,
        currency: 'USD',
        provider: 'stripe',
        provider_ref: 'in_first',
      }),
    ]);
    expect((await state(v.userId)).current_period_end).toBe(new Date(unix(periodEnd) * 1000).toISOString());

    // Stripe retries deliveries: the same event again is acknowledged and ignored.
    const replay = await send(paid);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().duplicate).toBe(true);
    expect((await payments(v.userId)).total).toBe(1);

    // Cancel from our side goes to Stripe first.
    const update = vi.spyOn(client().subscriptions, 'update').mockResolvedValue({} as never);
    const canceled = await v.client.post('/api/billing/cancel');
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().cancel_at_period_end).toBe(true);
    expect(update).toHaveBeenCalledWith(`sub_${v.userId}`, { cancel_at_period_end: true });

    const deleted = subscriptionEvent(
      'customer.subscription.deleted',
      v.userId,
      plan.plan_id,
      new Date(t0.getTime() + 5000),
      {
        status: 'canceled',
      },
    );
    expect((await send(deleted)).json().outcome).toBe('canceled');
    expect(await state(v.userId)).toMatchObject({ status: 'canceled', has_access: false });
    expect((await send(deleted)).json().duplicate).toBe(true);
  });

  it('ignores events older than the newest one applied (out of order), but still records their payments', async () => {
    const v = await billingViewer(t.app);
    const plan = await planByCode(t.app, 'platinum');
    const t0 = t.clock.now();
    await send(checkoutCompleted(v.userId, plan.plan_id, t0));

    const later = subscriptionEvent(
      'customer.subscription.updated',
      v.userId,
      plan.plan_id,
      new Date(t0.getTime() + 20_000),
      {
        cancel_at_period_end: true,
      },
    );
    const earlier = subscriptionEvent(
      'customer.subscription.updated',
      v.userId,
      plan.plan_id,
      new Date(t0.getTime() + 10_000),
      {
        cancel_at_period_end: false,
      },
    );
    expect((await send(later)).json().outcome).toBe('updated: active');
    const stale = await send(earlier);
    expect(stale.statusCode).toBe(200);
    expect(stale.json().outcome).toMatch(/^stale/);
    expect((await state(v.userId)).cancel_at_period_end).toBe(true);

    // A failed payment after that: past due with grace.
    const failedAt = new Date(t0.getTime() + 30_000);
    await send(invoice('invoice.payment_failed', v.userId, plan.plan_id, failedAt, [t0, t0], 'in_fail'));
    const pastDue = await state(v.userId);
    expect(pastDue).toMatchObject({ status: 'past_due', has_access: true });
    expect(new Date(pastDue.grace_until!).getTime()).toBe(unix(failedAt) * 1000 + 7 * DAY_MS);

    // An older invoice.paid arriving late: the payment is recorded, the state does not go back.
    await send(
      invoice('invoice.paid', v.userId, plan.plan_id, new Date(t0.getTime() + 15_000), [t0, t0], 'in_old'),
    );
    expect((await state(v.userId)).status).toBe('past_due');
    const statuses = (await payments(v.userId)).items.map((p) => [p.provider_ref, p.status]);
    expect(statuses).toEqual([
      ['in_old', 'succeeded'],
      ['in_fail', 'failed'],
    ]);

    // A newer successful payment brings it back.
    const end = new Date(t0.getTime() + 31 * DAY_MS);
    await send(
      invoice('invoice.paid', v.userId, plan.plan_id, new Date(t0.getTime() + 40_000), [t0, end], 'in_new'),
    );
    expect(await state(v.userId)).toMatchObject({ status: 'active', grace_until: null });
  });

  it('invoice.paid before checkout.session.completed still activates the right account', async () => {
    const v = await billingViewer(t.app);
    const plan = await planByCode(t.app, 'basic');
    const t0 = t.clock.now();
    const end = new Date(t0.getTime() + 30 * DAY_MS);
    await send(invoice('invoice.paid', v.userId, plan.plan_id, t0, [t0, end], 'in_early'));
    expect(await state(v.userId)).toMatchObject({ status: 'active', max_height: 480 });
    const completed = await send(checkoutCompleted(v.userId, plan.plan_id, t0));
    expect(completed.json().outcome).toBe('already active');
    expect((await payments(v.userId)).total).toBe(1);
  });

  it('opens the Billing Portal for a Stripe customer', async () => {
    const v = await billingViewer(t.app);
    expect((await v.client.post('/api/billing/portal')).statusCode).toBe(409);
    const plan = await planByCode(t.app, 'basic');
    await send(checkoutCompleted(v.userId, plan.plan_id, t.clock.now()));
    const portal = vi
      .spyOn(client().billingPortal.sessions, 'create')
      .mockResolvedValue({ url: 'https://billing.stripe.com/p/session/test' } as never);
    const response = await v.client.post('/api/billing/portal');
    expect(response.json()).toEqual({ url: 'https://billing.stripe.com/p/session/test' });
    expect(portal).toHaveBeenCalledWith({
      customer: `cus_${v.userId}`,
      return_url: 'https://tv.example.com/userprofile',
    });
  });

  it('leaves JSON parsing of every other route alone', async () => {
    const v = await billingViewer(t.app);
    const bad = await v.client.request('POST', '/api/billing/change-plan', {
      body: { payload: Buffer.from('{"plan_id": '), headers: { 'content-type': 'application/json' } },
    });
    expect(bad.statusCode).toBe(400);
    const parsed = await v.client.post('/api/billing/change-plan', { plan_id: 1 });
    expect(parsed.statusCode).toBe(409);
  });
});
