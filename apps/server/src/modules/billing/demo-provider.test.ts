import { luhnValid } from '@salomtv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingViewer, buyWithDemo, CARD_DECLINED, CARD_OK, planByCode } from '../../test/billing.js';
import { createTestApp, signedInAdmin, type TestApp, TestClient } from '../../test/harness.js';

describe('demo payment provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function openCheckout(client: TestClient, code = 'standard', interval: 'month' | 'year' = 'month') {
    const plan = await planByCode(t.app, code);
    const response = await client.post('/api/billing/checkout', { plan_id: plan.plan_id, interval });
    expect(response.statusCode).toBe(200);
    const { url, session_id } = response.json() as { url: string; session_id: string };
    expect(url).toBe(`/checkout/demo?session=${session_id}`);
    return session_id;
  }
  const card = (number: string, extra: Record<string, string> = {}) => ({
    card_number: number,
    exp: '12/30',
    cvc: '123',
    name: 'Test Viewer',
    ...extra,
  });

  it('shows the checkout page its plan, price and interval, marked as demo', async () => {
    const v = await billingViewer(t.app);
    const session = await openCheckout(v.client, 'platinum', 'year');
    const page = await v.client.get(`/api/billing/demo/session/${session}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      session_id: session,
      demo: true,
      status: 'open',
      interval: 'year',
      price_cents: 19000,
      currency: 'USD',
      plan: { code: 'platinum', quality_label: 'FHD' },
    });
    expect(page.json().test_cards.length).toBeGreaterThan(0);
  });

  it('accepts 4242 4242 4242 4242: active, payment recorded, the session cannot be paid twice', async () => {
    const v = await billingViewer(t.app, null);
    const session = await openCheckout(v.client);
    const paid = await v.client.post('/api/billing/demo/pay', { session, ...card(CARD_OK) });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().status).toBe('active');
    expect((await v.client.get(`/api/billing/demo/session/${session}`)).json().status).toBe('completed');
    expect((await v.client.post('/api/billing/demo/pay', { session, ...card(CARD_OK) })).statusCode).toBe(
      409,
    );
    const payments = (await v.client.get('/api/billing/payments')).json();
    expect(payments.items).toHaveLength(1);
    expect(payments.items[0]).toMatchObject({
      status: 'succeeded',
      amount_cents: 1900,
      payment_id: paid.json().payment_id,
    });
    expect(payments.items[0].provider_ref).toMatch(/^demo_ch_/);
  });

  it('declines 4000 0000 0000 0002 with 402 and a clear message, records the failed payment, changes nothing else', async () => {
    const v = await billingViewer(t.app, null);
    const session = await openCheckout(v.client);
    const declined = await v.client.post('/api/billing/demo/pay', { session, ...card(CARD_DECLINED) });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({ code: 'card_declined' });
    expect(declined.json().error.message).toMatch(/declined/i);
    expect((await v.client.get('/api/billing/subscription')).json().status).toBe('none');
    const payments = (await v.client.get('/api/billing/payments')).json();
    expect(payments.items).toHaveLength(1);
    expect(payments.items[0]).toMatchObject({ status: 'failed', amount_cents: 1900 });
    // The same checkout can then be paid with a good card.
    expect((await v.client.post('/api/billing/demo/pay', { session, ...card(CARD_OK) })).statusCode).toBe(
      200,
    );
  });

  it('a card declined during the free trial ("Nothing is charged today") is a declined card check, not a failed payment', async () => {
    const v = await billingViewer(t.app);
    const session = await openCheckout(v.client);
    const declined = await v.client.post('/api/billing/demo/pay', { session, ...card(CARD_DECLINED) });
    expect(declined.statusCode).toBe(402);
    expect((await v.client.get('/api/billing/subscription')).json().status).toBe('trialing');
    expect((await v.client.get('/api/billing/payments')).json().items).toEqual([]);
    const admin = await signedInAdmin(t.app);
    expect((await admin.get(`/api/admin/subscriptions/${v.userId}/payments`)).json().items).toEqual([]);
    expect((await admin.get('/api/admin/export/payments.csv')).body).not.toContain(`,${v.userId},`);
    const alerts = (
      (await admin.get('/api/admin/alerts')).json().items as { kind: string; title: string; detail: string }[]
    ).filter((a) => a.detail.startsWith(v.phone));
    expect(alerts.filter((a) => a.kind === 'payment_failed')).toEqual([]);
    expect(alerts.find((a) => a.kind === 'card_check_declined')?.title).toMatch(/^Card check declined/);
    expect(
      (await v.client.post('/api/billing/demo/pay', { session, ...card(CARD_OK) })).json(),
    ).toMatchObject({ status: 'trialing', payment_id: null });
  });

  it('pays with the saved card only when there is one, and offers it on the checkout page only then', async () => {
    const v = await billingViewer(t.app, null);
    const session = await openCheckout(v.client);
    expect((await v.client.get(`/api/billing/demo/session/${session}`)).json().saved_card).toBeNull();
    expect((await v.client.post('/api/billing/demo/pay-saved', { session })).statusCode).toBe(409);
    expect((await v.client.get('/api/billing/payments')).json().items).toEqual([]);
  });

  it('refuses invalid cards as such: a bad checksum, an expired card, a card that is not a test card', async () => {
    const v = await billingViewer(t.app);
    const session = await openCheckout(v.client);
    const invalid = await v.client.post('/api/billing/demo/pay', { session, ...card('4242 4242 4242 4241') });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields.card_number).toMatch(/not valid/);
    const expired = await v.client.post('/api/billing/demo/pay', {
      session,
      ...card(CARD_OK, { exp: '01/20' }),
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.fields.exp).toBeTruthy();
    const unknown = await v.client.post('/api/billing/demo/pay', { session, ...card('4111 1111 1111 1111') });
    expect(unknown.statusCode).toBe(402);
    const malformed = await v.client.post('/api/billing/demo/pay', {
      session,
      ...card('abcd', { cvc: '1' }),
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().error.fields)).toEqual(
      expect.arrayContaining(['card_number', 'cvc']),
    );
    expect((await v.client.get('/api/billing/subscription')).json().status).toBe('trialing');
  });

  it('a checkout belongs to its viewer and expires', async () => {
    const owner = await billingViewer(t.app);
    const other = await billingViewer(t.app);
    const session = await openCheckout(owner.client);
    expect((await other.client.get(`/api/billing/demo/session/${session}`)).statusCode).toBe(404);
    expect((await other.client.post('/api/billing/demo/pay', { session, ...card(CARD_OK) })).statusCode).toBe(
      404,
    );
    expect((await new TestClient(t.app).get(`/api/billing/demo/session/${session}`)).statusCode).toBe(401);
    expect(
      (await owner.client.post('/api/billing/demo/pay', { session, ...card(CARD_OK) }, { csrf: false }))
        .statusCode,
    ).toBe(403);

    t.clock.advance(61 * 60_000);
    expect((await owner.client.get(`/api/billing/demo/session/${session}`)).json().status).toBe('expired');
    const late = await owner.client.post('/api/billing/demo/pay', { session, ...card(CARD_OK) });
    expect(late.statusCode).toBe(410);
    expect((await owner.client.get('/api/billing/subscription')).json().status).toBe('trialing');
  });

  it('portal in demo mode: the pricing page without a plan, the demo card page with one', async () => {
    const v = await billingViewer(t.app);
    expect((await v.client.post('/api/billing/portal')).json()).toEqual({ url: '/pricingplan' });
    expect((await buyWithDemo(t.app, v.client, 'standard')).statusCode).toBe(200);
    expect((await v.client.post('/api/billing/portal')).json()).toEqual({ url: '/userprofile/payment' });
  });

  it('checks card numbers with Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('12')).toBe(false);
  });
});
