import type { Plan, SubscriptionReply } from '@salomtv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingViewer, CARD_OK, CLICK_TEST_ENV, DAY_MS, planByCode } from '../../test/billing.js';
import { createTestApp, signedInAdmin, type TestApp, type TestClient } from '../../test/harness.js';

const CLICK_ENV = CLICK_TEST_ENV;

/** The session id of a demo checkout's page address. */
const demoSession = (url: string) => new URL(url, 'http://x').searchParams.get('session')!;

async function checkout(client: TestClient, body: Record<string, unknown>) {
  return client.post('/api/billing/checkout', body);
}

/** Buys `code` through the demo checkout in `currency`, paying with the test card. */
async function buyIn(t: TestApp, client: TestClient, code: string, currency: string) {
  const plan = await planByCode(t.app, code);
  const started = await checkout(client, { plan_id: plan.plan_id, interval: 'month', currency });
  expect(started.statusCode, started.body).toBe(200);
  const session = demoSession(started.json().url);
  const paid = await client.post('/api/billing/demo/pay', {
    session,
    card_number: CARD_OK,
    exp: '12/30',
    cvc: '123',
    name: 'Test Viewer',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return session;
}

describe('prices per currency (demo provider)', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
  });
  afterAll(() => t.close());

  const subscription = async (client: TestClient) =>
    (await client.get('/api/billing/subscription')).json() as SubscriptionReply;

  it("lists every plan's price in dollars and in so'm (tiyin), the spec's $19 staying the USD price", async () => {
    const plans = (await admin.get('/api/plans')).json() as Plan[];
    expect(plans.map((plan) => [plan.code, plan.prices])).toEqual([
      ['basic', { USD: { month: 1900, year: 19000 }, UZS: { month: 4_900_000, year: 49_000_000 } }],
      ['standard', { USD: { month: 1900, year: 19000 }, UZS: { month: 8_900_000, year: 89_000_000 } }],
      ['platinum', { USD: { month: 1900, year: 19000 }, UZS: { month: 12_900_000, year: 129_000_000 } }],
      ['premium', { USD: { month: 1900, year: 19000 }, UZS: { month: 14_900_000, year: 149_000_000 } }],
    ]);
    for (const plan of plans) expect([plan.monthly_price_cents, plan.currency]).toEqual([1900, 'USD']);
  });

  it("an admin's so'm price is what the viewer sees and pays; the plan's USD price stays as it was", async () => {
    const basic = await planByCode(t.app, 'basic');
    const edited = await admin.post(`/api/admin/plans/${basic.plan_id}`, {
      prices: { USD: { month: 1900, year: 19000 }, UZS: { month: 5_500_000, year: null } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const seen = ((await admin.get('/api/plans')).json() as Plan[]).find((plan) => plan.code === 'basic')!;
    expect(seen.prices).toEqual({ USD: { month: 1900, year: 19000 }, UZS: { month: 5_500_000, year: null } });
    expect([seen.monthly_price_cents, seen.yearly_price_cents]).toEqual([1900, 19000]);

    const viewer = await billingViewer(t.app, null);
    const yearly = await checkout(viewer.client, {
      plan_id: basic.plan_id,
      interval: 'year',
      currency: 'UZS',
    });
    expect(yearly.statusCode).toBe(400);
    expect(yearly.json().error.fields).toHaveProperty('interval');
    await buyIn(t, viewer.client, 'basic', 'UZS');
    const sub = await subscription(viewer.client);
    expect([sub.status, sub.price_cents, sub.currency]).toEqual(['active', 5_500_000, 'UZS']);
    const payments = (await viewer.client.get('/api/billing/payments')).json().items;
    expect(
      payments.map((p: { amount_cents: number; currency: string }) => [p.amount_cents, p.currency]),
    ).toEqual([[5_500_000, 'UZS']]);
  });

  it("the plan's own currency cannot lose its price, and a price must be whole minor units", async () => {
    const basic = await planByCode(t.app, 'basic');
    const lost = await admin.post(`/api/admin/plans/${basic.plan_id}`, {
      prices: { UZS: { month: 4_900_000, year: null } },
    });
    expect(lost.statusCode).toBe(400);
    expect(lost.json().error.fields).toHaveProperty('prices');
    const fraction = await admin.post(`/api/admin/plans/${basic.plan_id}`, {
      prices: { USD: { month: 19.5, year: null } },
    });
    expect(fraction.statusCode).toBe(400);
    expect((await planByCode(t.app, 'basic')).prices.UZS).toEqual({ month: 5_500_000, year: null });
  });

  it('a currency the plan has no price in is not offered: a clear 400 naming the currency', async () => {
    const viewer = await billingViewer(t.app, null);
    const standard = await planByCode(t.app, 'standard');
    const euro = await checkout(viewer.client, { plan_id: standard.plan_id, currency: 'EUR' });
    expect(euro.statusCode).toBe(400);
    expect(euro.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { currency: expect.any(String) },
    });
    const garbled = await checkout(viewer.client, { plan_id: standard.plan_id, currency: 'so`m' });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().error.fields).toHaveProperty('currency');
  });

  it('an unknown or unconfigured provider is a 400 naming the provider', async () => {
    const viewer = await billingViewer(t.app, null);
    const standard = await planByCode(t.app, 'standard');
    for (const provider of ['paypal', 'click', 'stripe']) {
      const refused = await checkout(viewer.client, { plan_id: standard.plan_id, currency: 'UZS', provider });
      expect(refused.statusCode, provider).toBe(400);
      expect(refused.json().error.fields, provider).toHaveProperty('provider');
    }
    expect((await checkout(viewer.client, { plan_id: standard.plan_id, provider: 'demo' })).statusCode).toBe(
      200,
    );
  });

  it("an upgrade in so'm is prorated in tiyin, rounded up to a whole tiyin, and renews at the new price", async () => {
    const viewer = await billingViewer(t.app, null);
    await buyIn(t, viewer.client, 'standard', 'UZS');
    t.clock.advance(10 * DAY_MS + 12_345);
    const client = await viewer.relogin();
    const before = await subscription(client);
    expect([before.price_cents, before.currency]).toEqual([8_900_000, 'UZS']);
    const end = new Date(before.current_period_end!).getTime();
    const length = end - new Date(before.current_period_start!).getTime();
    const left = end - t.clock.now().getTime();
    const expected = Math.ceil(((14_900_000 - 8_900_000) * left) / length);
    const premium = await planByCode(t.app, 'premium');
    const asked = await client.get(`/api/billing/change-plan/preview?plan_id=${premium.plan_id}`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      kind: 'upgrade',
      amount_due_now_cents: expected,
      currency: 'UZS',
      renewal_price_cents: 14_900_000,
    });
    expect(Number.isInteger(asked.json().amount_due_now_cents)).toBe(true);
    expect((await client.post('/api/billing/change-plan', { plan_id: premium.plan_id })).statusCode).toBe(
      200,
    );
    const after = await subscription(client);
    expect([after.plan?.code, after.price_cents, after.currency]).toEqual(['premium', 14_900_000, 'UZS']);

    // The renewal charges the plan's so'm price then in force, not its dollar price.
    admin = await signedInAdmin(t.app);
    const edited = await admin.post(`/api/admin/plans/${premium.plan_id}`, {
      prices: { ...premium.prices, UZS: { month: 15_900_000, year: null } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    t.clock.advance(end - t.clock.now().getTime() + 1000);
    await t.app.container.services.renewal.renewDue();
    const renewed = await subscription(await viewer.relogin());
    expect([renewed.status, renewed.price_cents, renewed.currency]).toEqual(['active', 15_900_000, 'UZS']);
    const charged = (await viewer.client.get('/api/billing/payments')).json().items[0];
    expect([charged.amount_cents, charged.currency, charged.status]).toEqual([
      15_900_000,
      'UZS',
      'succeeded',
    ]);
  });

  it("bought in so'm during the free trial, the first payment at the trial's end is the so'm price", async () => {
    const viewer = await billingViewer(t.app, 5);
    await buyIn(t, viewer.client, 'platinum', 'UZS');
    const chosen = await subscription(viewer.client);
    expect([chosen.status, chosen.scheduled_plan?.code, chosen.currency]).toEqual([
      'trialing',
      'platinum',
      'UZS',
    ]);
    expect(chosen.renewal_price_cents).toBe(12_900_000);
    t.clock.advance(5 * DAY_MS + 60_000);
    await t.app.container.services.renewal.renewDue();
    const paid = await subscription(await viewer.relogin());
    expect([paid.status, paid.plan?.code, paid.price_cents, paid.currency]).toEqual([
      'active',
      'platinum',
      12_900_000,
      'UZS',
    ]);
  });

  it("a viewer sees their own checkout's result and nobody else's", async () => {
    const viewer = await billingViewer(t.app, null);
    const other = await billingViewer(t.app, null);
    const standard = await planByCode(t.app, 'standard');
    const started = await checkout(viewer.client, { plan_id: standard.plan_id, currency: 'UZS' });
    const session = demoSession(started.json().url);
    const open = await viewer.client.get(`/api/billing/checkout/${session}`);
    expect(open.json()).toMatchObject({
      status: 'open',
      plan: { plan_id: standard.plan_id },
      price_cents: 8_900_000,
      currency: 'UZS',
      provider: 'demo',
    });
    expect((await other.client.get(`/api/billing/checkout/${session}`)).statusCode).toBe(404);
    expect((await viewer.client.get('/api/billing/checkout/no-such-session')).statusCode).toBe(404);
    await viewer.client.post('/api/billing/demo/pay', {
      session,
      card_number: CARD_OK,
      exp: '12/30',
      cvc: '123',
      name: 'Test Viewer',
    });
    expect((await viewer.client.get(`/api/billing/checkout/${session}`)).json().status).toBe('completed');
  });
});

describe('the checkout with Click beside the demo provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(CLICK_ENV);
  });
  afterAll(() => t.close());

  it("lists the providers that take each currency: so'm through demo and Click, dollars through demo only", async () => {
    const viewer = await billingViewer(t.app, null);
    const som = await viewer.client.get('/api/billing/providers?currency=uzs');
    expect(som.json()).toEqual({
      currency: 'UZS',
      providers: [
        { name: 'demo', title: 'Demo card' },
        { name: 'click', title: 'Click' },
      ],
    });
    const usd = await viewer.client.get('/api/billing/providers?currency=USD');
    expect(usd.json().providers.map((p: { name: string }) => p.name)).toEqual(['demo']);
    expect((await viewer.client.get('/api/billing/providers?currency=dollars')).statusCode).toBe(400);
  });

  it("sends a so'm checkout to Click's page with the price in so'm and our return page", async () => {
    const viewer = await billingViewer(t.app, null);
    const standard = await planByCode(t.app, 'standard');
    const started = await checkout(viewer.client, {
      plan_id: standard.plan_id,
      currency: 'UZS',
      provider: 'click',
    });
    expect(started.statusCode, started.body).toBe(200);
    const { url, session_id } = started.json();
    const address = new URL(url);
    expect(`${address.origin}${address.pathname}`).toBe('https://my.click.uz/services/pay');
    expect(address.searchParams.get('amount')).toBe('89000');
    expect(address.searchParams.get('transaction_param')).toBe(session_id);
    expect(address.searchParams.get('return_url')).toBe(
      `https://tv.example.com/checkout/return?session=${session_id}`,
    );
    const status = (await viewer.client.get(`/api/billing/checkout/${session_id}`)).json();
    expect(status).toMatchObject({
      status: 'open',
      provider: 'click',
      price_cents: 8_900_000,
      currency: 'UZS',
    });
  });

  it('refuses Click for dollars', async () => {
    const viewer = await billingViewer(t.app, null);
    const standard = await planByCode(t.app, 'standard');
    const refused = await checkout(viewer.client, {
      plan_id: standard.plan_id,
      currency: 'USD',
      provider: 'click',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toHaveProperty('provider');
  });
});
