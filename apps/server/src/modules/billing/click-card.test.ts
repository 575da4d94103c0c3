import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingViewer, CLICK_TEST_ENV, DAY_MS, planByCode } from '../../test/billing.js';
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness.js';

const SECRET = CLICK_TEST_ENV.CLICK_SECRET_KEY;
const MERCHANT_USER = CLICK_TEST_ENV.CLICK_MERCHANT_USER_ID;
const SMS_CODE = '654321';
const PRICE_TIYIN = 4_900_000;

/**
 * Click's Merchant API card calls as documented, over real HTTP: any 16-digit card but one ending 0002 is kept,
 * the code is SMS_CODE, a kept card pays, any payment but 13 is reversed, and every call must carry the Auth
 * header of our merchant user.
 */
async function startClickCards() {
  let clickPayments = 500;
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    const path = (request.url ?? '').replace('/v2/merchant/', '');
    calls.push({ path, body });
    const [user, digest, timestamp] = String(request.headers.auth ?? '').split(':');
    const signed =
      user === MERCHANT_USER && digest === createHash('sha1').update(`${timestamp}${SECRET}`).digest('hex');
    let answer: object = { error_code: -16, error_note: 'Authentication failed' };
    if (signed && path === 'card_token/request') {
      answer = String(body.card_number).endsWith('0002')
        ? { error_code: -5017, error_note: 'Card not found' }
        : { error_code: 0, card_token: `CT-${body.card_number}`, phone_number: '99890*****67', temporary: 0 };
    } else if (signed && path === 'card_token/payment') {
      answer = { error_code: 0, error_note: 'Success', payment_id: ++clickPayments, payment_status: 2 };
    } else if (signed && request.method === 'DELETE' && path.startsWith('payment/reversal/12345/')) {
      answer = path.endsWith('/13')
        ? { error_code: -4046, error_note: 'Reversal is not possible for this payment' }
        : { error_code: 0, error_note: 'Success', payment_id: Number(path.split('/').at(-1)) };
    } else if (signed && path === 'card_token/verify') {
      // Slow enough that tries sent at once are all in flight together.
      await new Promise((resolve) => setTimeout(resolve, 30));
      answer =
        String(body.sms_code) === SMS_CODE
          ? { error_code: 0, card_number: `860012******${String(body.card_token).slice(-4)}` }
          : { error_code: -5017, error_note: 'Wrong SMS code' };
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2/merchant`,
    calls,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('a card Click keeps for the renewals of a plan paid through Click', () => {
  let t: TestApp;
  let click: Awaited<ReturnType<typeof startClickCards>>;
  beforeAll(async () => {
    click = await startClickCards();
    t = await createTestApp({ ...CLICK_TEST_ENV, CLICK_API_URL: click.url });
  });
  afterAll(async () => {
    await t.close();
    await click.close();
  });

  /** A viewer whose plan was paid through Click (as Click's Complete leaves it). */
  async function clickSubscriber() {
    const viewer = await billingViewer(t.app, null);
    const now = t.clock.now();
    const row = await t.app.container.services.purchases.activate({
      userId: viewer.userId,
      plan: (await t.app.container.repos.plans.findById((await planByCode(t.app, 'standard')).plan_id))!,
      interval: 'month',
      priceCents: PRICE_TIYIN,
      currency: 'UZS',
      provider: 'click',
      periodStart: now,
      periodEnd: new Date(now.getTime() + 30 * DAY_MS),
    });
    return { viewer, row };
  }
  const card = { card_number: '8600 1234 5678 9012', expire_date: '03/30', consent: true };
  const subscriptionOf = (id: number) => t.app.container.repos.subscriptions.findById(id);

  it('keeps the card once the code from the SMS is entered, and the plan renews with it at its end', async () => {
    const { viewer, row } = await clickSubscriber();
    expect(row.next_attempt_at).toBeNull();
    const asked = await viewer.client.post('/api/billing/click/card', card);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ phone_number: '99890*****67' });
    expect(click.calls.at(-1)).toEqual({
      path: 'card_token/request',
      body: { service_id: 12345, card_number: '8600123456789012', expire_date: '0330', temporary: 0 },
    });

    const wrong = await viewer.client.post('/api/billing/click/card/verify', { sms_code: '111111' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ sms_code: 'Wrong SMS code' });
    expect((await subscriptionOf(row.subscription_id))!.provider_payment_method).toBeNull();

    const kept = await viewer.client.post('/api/billing/click/card/verify', { sms_code: SMS_CODE });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().payment_method_summary).toBe('Click •••• 9012');
    const saved = (await subscriptionOf(row.subscription_id))!;
    expect(saved.provider_payment_method).toBe('CT-8600123456789012');
    expect(saved.next_attempt_at).toBe(row.current_period_end);
    // The code was for this card only: it is not waiting any more.
    expect(
      (await viewer.client.post('/api/billing/click/card/verify', { sms_code: SMS_CODE })).statusCode,
    ).toBe(400);
  });

  it("renews with the kept card at the period's end: the plan's so'm price through card_token/payment", async () => {
    const { viewer, row } = await clickSubscriber();
    await viewer.client.post('/api/billing/click/card', card);
    expect(
      (await viewer.client.post('/api/billing/click/card/verify', { sms_code: SMS_CODE })).statusCode,
    ).toBe(200);
    t.clock.advance(Date.parse(row.current_period_end) - t.clock.now().getTime() + 60_000);
    const report = await t.app.container.services.renewal.renewDue();
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    const charge = click.calls.filter((c) => c.path === 'card_token/payment').at(-1)!;
    const standard = await planByCode(t.app, 'standard');
    expect(charge.body).toMatchObject({
      service_id: 12345,
      card_token: 'CT-8600123456789012',
      amount: standard.prices.UZS!.month / 100,
    });
    const renewed = (await subscriptionOf(row.subscription_id))!;
    expect(renewed.status).toBe('active');
    expect(Date.parse(renewed.current_period_end)).toBeGreaterThan(Date.parse(row.current_period_end));
    const payments = (await t.app.container.services.subscriptions.payments(viewer.userId, 1, 10)).items;
    expect(payments[0]).toMatchObject({
      status: 'succeeded',
      provider: 'click',
      amount_cents: standard.prices.UZS!.month,
      currency: 'UZS',
    });
  });

  it("an admin refunds a Click payment: Click gives it back first, and Click's refusal changes nothing", async () => {
    const admin = await signedInAdmin(t.app);
    const { viewer, row } = await clickSubscriber();
    const record = (ref: string) =>
      t.app.container.services.subscriptions.recordPayment({
        userId: viewer.userId,
        subscriptionId: row.subscription_id,
        planId: row.plan_id,
        amountCents: PRICE_TIYIN,
        currency: 'UZS',
        status: 'succeeded',
        provider: 'click',
        providerRef: ref,
        description: 'Standard, monthly',
      });
    const refusedPayment = await record('13');
    const refused = await admin.post(`/api/admin/payments/${refusedPayment.payment_id}/refund`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('Reversal is not possible');
    expect((await subscriptionOf(row.subscription_id))!.status).toBe('active');

    const paid = await record('7001');
    const refunded = await admin.post(`/api/admin/payments/${paid.payment_id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', provider: 'click', provider_ref: '7001' });
    expect(click.calls.at(-1)!.path).toBe('payment/reversal/12345/7001');
    // The one period it paid is taken back: nothing paid is left, so the plan ends now.
    expect((await subscriptionOf(row.subscription_id))!.status).toBe('expired');
    expect((await admin.post(`/api/admin/payments/${paid.payment_id}/refund`)).statusCode).toBe(409);
  });

  it('checks at most five codes of twenty sent at once, and none after them, not even the right one', async () => {
    const { viewer } = await clickSubscriber();
    expect((await viewer.client.post('/api/billing/click/card', card)).statusCode).toBe(200);
    const before = click.calls.filter((c) => c.path === 'card_token/verify').length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        viewer.client.post('/api/billing/click/card/verify', { sms_code: String(100_000 + i) }),
      ),
    );
    const checked = click.calls.filter((c) => c.path === 'card_token/verify').length - before;
    expect(checked).toBe(5);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(15);
    const right = await viewer.client.post('/api/billing/click/card/verify', { sms_code: SMS_CODE });
    expect(right.statusCode).toBe(429);
    // A new code for the card starts the count again.
    expect((await viewer.client.post('/api/billing/click/card', card)).statusCode).toBe(200);
    expect(
      (await viewer.client.post('/api/billing/click/card/verify', { sms_code: SMS_CODE })).statusCode,
    ).toBe(200);
  });

  it('sends Click at most five cards an hour per account: each one texts the card owner', async () => {
    const { viewer } = await clickSubscriber();
    const before = click.calls.filter((c) => c.path === 'card_token/request').length;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => viewer.client.post('/api/billing/click/card', card)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(click.calls.filter((c) => c.path === 'card_token/request').length - before).toBe(5);
    t.clock.advance(61 * 60_000);
    expect((await viewer.client.post('/api/billing/click/card', card)).statusCode).toBe(200);
  });

  it("answers Click's refusal of a card, a code after 10 minutes, bad fields and a plan not paid through Click", async () => {
    const { viewer } = await clickSubscriber();
    const refused = await viewer.client.post('/api/billing/click/card', {
      ...card,
      card_number: '8600000000000002',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ card_number: 'Card not found' });

    const bad = await viewer.client.post('/api/billing/click/card', {
      card_number: '8600',
      expire_date: '13/30',
      consent: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(['card_number', 'consent', 'expire_date']);

    expect((await viewer.client.post('/api/billing/click/card', card)).statusCode).toBe(200);
    t.clock.advance(11 * 60_000);
    const late = await viewer.client.post('/api/billing/click/card/verify', { sms_code: SMS_CODE });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toMatch(/enter the card again/);

    const trial = await billingViewer(t.app, 30);
    const notClick = await trial.client.post('/api/billing/click/card', card);
    expect(notClick.statusCode).toBe(409);
    expect(notClick.json().error.code).toBe('conflict');
  });
});

describe('a Click card on a server without Click', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not found', async () => {
    const viewer = await billingViewer(t.app, null);
    const answer = await viewer.client.post('/api/billing/click/card', {
      card_number: '8600123456789012',
      expire_date: '0330',
      consent: true,
    });
    expect(answer.statusCode).toBe(404);
  });
});
