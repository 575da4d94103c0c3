import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { billingViewer, DAY_MS, openSomCheckout } from '../../test/billing.js';
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness.js';

const MERCHANT_ID = '5e730e8e0b852a417aa49ceb';
const KEY = 'payme-live-key-1';
const TEST_KEY = 'payme-test-key-1';
const PAYME_ENV = {
  PAYMENT_PROVIDERS: 'demo,payme',
  PAYME_MERCHANT_ID: MERCHANT_ID,
  PAYME_KEY: KEY,
  PAYME_TEST_KEY: TEST_KEY,
  PUBLIC_URL: 'https://tv.example.com',
};
const PRICE_TIYIN = 4_900_000;
const HOUR_MS = 3_600_000;

const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

let paymeIds = 0;
const newPaymeId = () => `6a1b2c3d4e5f60718293${String(++paymeIds).padStart(4, '0')}`;

describe('Payme Merchant API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(PAYME_ENV);
  });
  afterAll(() => t.close());

  /** A so'm checkout session to be paid through Payme (or another provider), as the checkout would open it. */
  const paymeOrder = (options: { trialDays?: number | null; provider?: 'payme' | 'click' } = {}) =>
    openSomCheckout(t.app, {
      provider: options.provider ?? 'payme',
      priceTiyin: PRICE_TIYIN,
      trialDays: options.trialDays ?? null,
    });

  let rpcIds = 0;
  /** Payme's call: JSON-RPC with the cash desk's Basic credentials unless others are given. */
  async function raw(payload: string, authorization: string | null = basic('Paycom', KEY)) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/payme',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const call = (method: string, params: Record<string, unknown>, authorization?: string | null) =>
    raw(JSON.stringify({ jsonrpc: '2.0', id: ++rpcIds, method, params }), authorization);

  const create = (id: string, orderId: string, amount = PRICE_TIYIN) =>
    call('CreateTransaction', { id, time: t.clock.now().getTime(), amount, account: { order_id: orderId } });

  const payments = async (userId: number) =>
    (await t.app.container.services.subscriptions.payments(userId, 1, 50)).items;

  it('checks, creates and performs: the plan starts, the payment is recorded once, each call kept as it came', async () => {
    const { viewer, plan, sessionId } = await paymeOrder();
    const checked = await call('CheckPerformTransaction', {
      amount: PRICE_TIYIN,
      account: { order_id: sessionId },
    });
    expect(checked).toEqual({ jsonrpc: '2.0', id: rpcIds, result: { allow: true } });
    const id = newPaymeId();
    const created = await create(id, sessionId);
    expect(created.result).toEqual({
      create_time: t.clock.now().getTime(),
      transaction: expect.stringMatching(/^\d+$/),
      state: 1,
    });
    t.clock.advance(5_000);
    const performed = await call('PerformTransaction', { id });
    expect(performed.result).toEqual({
      transaction: created.result.transaction,
      perform_time: t.clock.now().getTime(),
      state: 2,
    });
    const view = await t.app.container.services.subscriptions.view(viewer.userId);
    expect(view).toMatchObject({ status: 'active', plan: { plan_id: plan.plan_id } });
    expect(await payments(viewer.userId)).toMatchObject([
      {
        status: 'succeeded',
        provider: 'payme',
        provider_ref: id,
        amount_cents: PRICE_TIYIN,
        currency: 'UZS',
      },
    ]);
    expect((await t.app.container.repos.checkouts.find(sessionId))?.status).toBe('completed');
    const requests = await t.app.container.repos.paymeTransactions.requestsOf(id);
    expect(requests.map((r) => r.method)).toEqual(['CreateTransaction', 'PerformTransaction']);
    expect(JSON.parse(requests[0]!.body).params.account.order_id).toBe(sessionId);
    expect(JSON.parse(requests[1]!.answer).result.state).toBe(2);
  });

  it('answers a repeated CreateTransaction with the same transaction, and keeps one', async () => {
    const { sessionId } = await paymeOrder();
    const id = newPaymeId();
    const first = await create(id, sessionId);
    t.clock.advance(1_000);
    const again = await create(id, sessionId);
    expect(again.result).toEqual(first.result);
    const statement = await call('GetStatement', { from: 0, to: t.clock.now().getTime() });
    expect(statement.result.transactions.filter((tx: { id: string }) => tx.id === id)).toHaveLength(1);
  });

  it('refuses a second transaction for an order that has one (-31099, data order_id), and after it is paid (-31051)', async () => {
    const { sessionId } = await paymeOrder();
    const id = newPaymeId();
    await create(id, sessionId);
    const second = await create(newPaymeId(), sessionId);
    expect(second.error).toMatchObject({ code: -31099, data: 'order_id' });
    const checked = await call('CheckPerformTransaction', {
      amount: PRICE_TIYIN,
      account: { order_id: sessionId },
    });
    expect(checked.error).toMatchObject({ code: -31099, data: 'order_id' });
    await call('PerformTransaction', { id });
    const afterPaid = await create(newPaymeId(), sessionId);
    expect(afterPaid.error).toMatchObject({ code: -31051, data: 'order_id' });
  });

  it('takes a new transaction for an order once its earlier one was cancelled before perform', async () => {
    const { sessionId } = await paymeOrder();
    const id = newPaymeId();
    await create(id, sessionId);
    await call('CancelTransaction', { id, reason: 3 });
    const next = await create(newPaymeId(), sessionId);
    expect(next.result).toMatchObject({ state: 1 });
  });

  it('answers PerformTransaction repeated with the same perform_time, and records the payment once', async () => {
    const { viewer, sessionId } = await paymeOrder();
    const id = newPaymeId();
    await create(id, sessionId);
    const first = await call('PerformTransaction', { id });
    t.clock.advance(60_000);
    const again = await call('PerformTransaction', { id });
    expect(again.result).toEqual(first.result);
    expect(await payments(viewer.userId)).toHaveLength(1);
  });

  it('performs once when the same PerformTransaction arrives twice at once', async () => {
    const { viewer, sessionId } = await paymeOrder();
    const id = newPaymeId();
    await create(id, sessionId);
    const [a, b] = await Promise.all([
      call('PerformTransaction', { id }),
      call('PerformTransaction', { id }),
    ]);
    expect(a.result).toEqual(b.result);
    expect(await payments(viewer.userId)).toHaveLength(1);
  });

  it('answers -31001 to a wrong amount, on check and on create, and keeps no transaction', async () => {
    const { sessionId } = await paymeOrder();
    const checked = await call('CheckPerformTransaction', {
      amount: PRICE_TIYIN - 100,
      account: { order_id: sessionId },
    });
    expect(checked.error).toMatchObject({ code: -31001 });
    expect(checked.error.message).toEqual({
      ru: expect.any(String),
      uz: expect.any(String),
      en: 'Wrong amount',
    });
    const id = newPaymeId();
    expect((await create(id, sessionId, PRICE_TIYIN + 1)).error.code).toBe(-31001);
    expect(await t.app.container.repos.paymeTransactions.findByPaymeId(id)).toBeUndefined();
  });

  it('answers -31050 with data order_id to an order we do not have, or one not meant for Payme', async () => {
    const { sessionId: clickOrder } = await paymeOrder({ provider: 'click' });
    for (const orderId of ['no-such-order', clickOrder]) {
      const checked = await call('CheckPerformTransaction', {
        amount: PRICE_TIYIN,
        account: { order_id: orderId },
      });
      expect(checked.error).toMatchObject({ code: -31050, data: 'order_id' });
      expect(checked.error.message.ru).toBe('Заказ не найден');
      expect((await create(newPaymeId(), orderId)).error).toMatchObject({ code: -31050, data: 'order_id' });
    }
  });

  it('cancels a transaction not performed within 12 hours (state -1, reason 4) when Payme calls after the timeout', async () => {
    const { viewer, sessionId } = await paymeOrder();
    const id = newPaymeId();
    const created = await create(id, sessionId);
    t.clock.advance(12 * HOUR_MS + 1);
    expect((await call('PerformTransaction', { id })).error.code).toBe(-31008);
    const checked = await call('CheckTransaction', { id });
    expect(checked.result).toEqual({
      create_time: created.result.create_time,
      perform_time: 0,
      cancel_time: t.clock.now().getTime(),
      transaction: created.result.transaction,
      state: -1,
      reason: 4,
    });
    expect((await create(id, sessionId)).error.code).toBe(-31008);
    expect(await payments(viewer.userId)).toHaveLength(0);
  });

  it("cancels a transaction not performed within 12 hours by the billing timer's sweep", async () => {
    const { sessionId } = await paymeOrder();
    const id = newPaymeId();
    await create(id, sessionId);
    t.clock.advance(11 * HOUR_MS);
    const fresh = newPaymeId();
    const { sessionId: other } = await paymeOrder();
    await create(fresh, other);
    t.clock.advance(HOUR_MS + 1);
    expect(await t.app.container.services.paymeMerchant.cancelTimedOut()).toBeGreaterThanOrEqual(1);
    expect(await t.app.container.repos.paymeTransactions.findByPaymeId(id)).toMatchObject({
      state: -1,
      reason: 4,
    });
    expect(await t.app.container.repos.paymeTransactions.findByPaymeId(fresh)).toMatchObject({ state: 1 });
  });

  it('cancels before perform with state -1: nothing paid, and a repeat answers the same', async () => {
    const { viewer, sessionId } = await paymeOrder();
    const id = newPaymeId();
    const created = await create(id, sessionId);
    t.clock.advance(2_000);
    const cancelled = await call('CancelTransaction', { id, reason: 3 });
    expect(cancelled.result).toEqual({
      transaction: created.result.transaction,
      cancel_time: t.clock.now().getTime(),
      state: -1,
    });
    t.clock.advance(2_000);
    expect((await call('CancelTransaction', { id, reason: 3 })).result).toEqual(cancelled.result);
    expect((await call('PerformTransaction', { id })).error.code).toBe(-31008);
    expect((await call('CheckTransaction', { id })).result).toMatchObject({ state: -1, reason: 3 });
    expect(await payments(viewer.userId)).toHaveLength(0);
    expect((await t.app.container.services.subscriptions.view(viewer.userId)).status).not.toBe('active');
  });

  it('cancels after perform with state -2: a refund, the paid time taken back and the viewer told', async () => {
    const { viewer, sessionId } = await paymeOrder();
    const id = newPaymeId();
    await create(id, sessionId);
    await call('PerformTransaction', { id });
    expect((await t.app.container.services.subscriptions.view(viewer.userId)).status).toBe('active');
    t.clock.advance(DAY_MS);
    const cancelled = await call('CancelTransaction', { id, reason: 5 });
    expect(cancelled.result).toMatchObject({ cancel_time: t.clock.now().getTime(), state: -2 });
    expect((await call('CancelTransaction', { id, reason: 5 })).result).toEqual(cancelled.result);
    expect(await payments(viewer.userId)).toMatchObject([{ status: 'refunded', provider_ref: id }]);
    const view = await t.app.container.services.subscriptions.view(viewer.userId);
    expect(view.status).not.toBe('active');
    const client = await viewer.relogin();
    const notifications = await client.get('/api/notifications');
    expect(notifications.statusCode).toBe(200);
    expect(JSON.stringify(notifications.json())).toContain('Your payment was refunded');
    expect((await call('CheckTransaction', { id })).result).toMatchObject({ state: -2, reason: 5 });
  });

  it("lets an admin refund a Payme payment: marked refunded, the time taken back, the viewer told, Payme's later cancel changing nothing more", async () => {
    const { viewer, sessionId } = await paymeOrder();
    const id = newPaymeId();
    await create(id, sessionId);
    await call('PerformTransaction', { id });
    const [payment] = await payments(viewer.userId);
    const admin = await signedInAdmin(t.app);
    const refunded = await admin.post(`/api/admin/payments/${payment!.payment_id}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({
      payment_id: payment!.payment_id,
      status: 'refunded',
      provider: 'payme',
    });
    expect((await t.app.container.services.subscriptions.view(viewer.userId)).status).not.toBe('active');
    const again = await admin.post(`/api/admin/payments/${payment!.payment_id}/refund`);
    expect(again.statusCode).toBe(409);
    // The cashier then gives the money back in Payme's cabinet: Payme cancels the performed transaction.
    expect((await call('CancelTransaction', { id, reason: 5 })).result).toMatchObject({ state: -2 });
    const client = await viewer.relogin();
    const told = JSON.stringify((await client.get('/api/notifications')).json());
    expect(told.split('Your payment was refunded')).toHaveLength(2);
    expect(await payments(viewer.userId)).toMatchObject([{ status: 'refunded' }]);
  });

  it('refuses an admin refund of a payment that is not a Payme one, or that does not exist', async () => {
    const admin = await signedInAdmin(t.app);
    expect((await admin.post('/api/admin/payments/999999/refund')).statusCode).toBe(404);
    const viewer = await billingViewer(t.app, null);
    const other = await t.app.container.services.subscriptions.recordPayment({
      userId: viewer.userId,
      subscriptionId: null,
      planId: null,
      amountCents: 1900,
      currency: 'USD',
      status: 'succeeded',
      provider: 'demo',
      providerRef: 'demo-1',
      description: 'Standard plan, monthly',
    });
    const refused = await admin.post(`/api/admin/payments/${other.payment_id}/refund`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/Payme/);
  });

  it('answers -31003 to a transaction we do not have', async () => {
    for (const method of ['PerformTransaction', 'CheckTransaction']) {
      expect((await call(method, { id: newPaymeId() })).error.code).toBe(-31003);
    }
    expect((await call('CancelTransaction', { id: newPaymeId(), reason: 1 })).error.code).toBe(-31003);
    const fiscal = await call('SetFiscalData', { id: newPaymeId(), type: 'PERFORM', fiscal_data: {} });
    expect(fiscal.error.code).toBe(-31003);
  });

  it('answers -32504 to missing or wrong credentials, and takes the test key', async () => {
    const { sessionId } = await paymeOrder();
    const params = { amount: PRICE_TIYIN, account: { order_id: sessionId } };
    for (const authorization of [null, basic('Paycom', 'wrong-key-1'), basic('Other', KEY), 'Bearer x']) {
      const answer = await call('CheckPerformTransaction', params, authorization);
      expect(answer.error).toMatchObject({ code: -32504 });
      expect(answer.error.message.en).toMatch(/privileges/);
    }
    const id = newPaymeId();
    expect(
      (
        await call(
          'CreateTransaction',
          { id, time: 1, amount: PRICE_TIYIN, account: { order_id: sessionId } },
          basic('Paycom', 'nope-nope'),
        )
      ).error.code,
    ).toBe(-32504);
    expect(await t.app.container.repos.paymeTransactions.findByPaymeId(id)).toBeUndefined();
    expect((await call('CheckPerformTransaction', params, basic('Paycom', TEST_KEY))).result).toEqual({
      allow: true,
    });
  });

  it('answers -32700 to a body that is not JSON, -32601 to an unknown method, -32600 to bad params, all with HTTP 200', async () => {
    expect((await raw('{not json')).error).toMatchObject({ code: -32700 });
    expect((await raw('')).error).toMatchObject({ code: -32700 });
    const unknown = await call('ChangePassword', { password: 'x' });
    expect(unknown).toMatchObject({ id: rpcIds, error: { code: -32601 } });
    expect((await call('PerformTransaction', {})).error.code).toBe(-32600);
    expect((await call('CheckPerformTransaction', { amount: '49000', account: {} })).error.code).toBe(-32600);
  });

  it('lists in GetStatement exactly the transactions Payme created in the range (by its time)', async () => {
    const { sessionId: a } = await paymeOrder();
    const { sessionId: b } = await paymeOrder();
    const { sessionId: c } = await paymeOrder();
    const from = t.clock.now().getTime() - 60_000;
    const to = from + 30_000;
    const at = (id: string, orderId: string, time: number) =>
      call('CreateTransaction', { id, time, amount: PRICE_TIYIN, account: { order_id: orderId } });
    await at(newPaymeId(), a, from - 1);
    const inside = newPaymeId();
    await at(inside, b, to);
    await at(newPaymeId(), c, to + 1);
    t.clock.advance(1_000);
    await call('PerformTransaction', { id: inside });
    const statement = await call('GetStatement', { from, to });
    expect(statement.result.transactions).toEqual([
      {
        id: inside,
        time: to,
        amount: PRICE_TIYIN,
        account: { order_id: b },
        create_time: t.clock.now().getTime() - 1_000,
        perform_time: t.clock.now().getTime(),
        cancel_time: 0,
        transaction: expect.stringMatching(/^\d+$/),
        state: 2,
        reason: null,
      },
    ]);
  });

  it('takes SetFiscalData for a transaction it has, kept with the call', async () => {
    const { sessionId } = await paymeOrder();
    const id = newPaymeId();
    await create(id, sessionId);
    await call('PerformTransaction', { id });
    const fiscal = await call('SetFiscalData', {
      id,
      type: 'PERFORM',
      fiscal_data: { receipt_id: 1, status_code: 0, terminal_id: 'EP000000000001' },
    });
    expect(fiscal.result).toEqual({ success: true });
    const requests = await t.app.container.repos.paymeTransactions.requestsOf(id);
    expect(JSON.parse(requests.at(-1)!.body).params.fiscal_data.terminal_id).toBe('EP000000000001');
  });

  it('starts the paid period at the end of a running free trial, so its days are kept', async () => {
    const { viewer, sessionId } = await paymeOrder({ trialDays: 10 });
    const trialEnd = t.clock.now().getTime() + 10 * DAY_MS;
    const id = newPaymeId();
    await create(id, sessionId);
    await call('PerformTransaction', { id });
    const view = await t.app.container.services.subscriptions.view(viewer.userId);
    expect(new Date(view.current_period_start!).getTime()).toBe(trialEnd);
  });
});

describe('Payme checkout address', () => {
  it('is the checkout host and base64 of m, ac.order_id, a (tiyin) and c (the return address)', async () => {
    const { PaymeProvider } = await import('./providers/payme.js');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/x',
      ...PAYME_ENV,
      PAYME_CHECKOUT_URL: 'https://checkout.test.paycom.uz/',
    });
    const provider = new PaymeProvider(config.payme!);
    expect(provider.takes('UZS')).toBe(true);
    expect(provider.takes('USD')).toBe(false);
    const request = {
      sessionId: 'sess_ABC-1',
      userId: 7,
      plan: { plan_id: 2 } as never,
      interval: 'month' as const,
      priceCents: PRICE_TIYIN,
      currency: 'UZS',
      customerId: null,
      now: new Date(),
      expiresAt: new Date(),
      firstPaymentAt: null,
    };
    const { url } = await provider.createCheckout(request);
    const [host, encoded] = [url.slice(0, url.lastIndexOf('/')), url.slice(url.lastIndexOf('/') + 1)];
    expect(host).toBe('https://checkout.test.paycom.uz');
    expect(Buffer.from(encoded, 'base64').toString('utf8')).toBe(
      `m=${MERCHANT_ID};ac.order_id=sess_ABC-1;a=${PRICE_TIYIN};c=https://tv.example.com/checkout/return?session=sess_ABC-1`,
    );
    await expect(provider.createCheckout({ ...request, currency: 'USD' })).rejects.toThrow(/so'm/);
  });
});

describe('Payme settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/x' };
  it('are on when PAYMENT_PROVIDERS names payme, with the merchant id and a key; a key or host without the id, or the id without a key, stops the start', () => {
    expect(loadConfig(base).payme).toBeUndefined();
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDERS: 'payme' })).toThrow(
      /PAYME_MERCHANT_ID: required when/,
    );
    // Settings kept for later while Payme is not listed: it stays off.
    expect(
      loadConfig({ ...base, PAYME_MERCHANT_ID: MERCHANT_ID, PAYME_TEST_KEY: TEST_KEY }).payme,
    ).toBeUndefined();
    expect(() => loadConfig({ ...base, PAYME_KEY: KEY })).toThrow(/PAYME_MERCHANT_ID/);
    expect(() => loadConfig({ ...base, PAYME_CHECKOUT_URL: 'https://checkout.paycom.uz' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...base, PAYME_MERCHANT_ID: MERCHANT_ID })).toThrow(/PAYME_KEY/);
    expect(() => loadConfig({ ...base, ...PAYME_ENV, PAYME_MERCHANT_ID: 'abc' })).toThrow(
      /PAYME_MERCHANT_ID/,
    );
    expect(() => loadConfig({ ...base, ...PAYME_ENV, PAYME_KEY: 'short' })).toThrow(/hidden value/);
  });

  it("default to Payme's hosts", () => {
    expect(
      loadConfig({
        ...base,
        PAYMENT_PROVIDERS: 'payme',
        PAYME_MERCHANT_ID: MERCHANT_ID,
        PAYME_TEST_KEY: TEST_KEY,
      }).payme,
    ).toEqual({
      merchantId: MERCHANT_ID,
      keys: [TEST_KEY],
      checkoutUrl: 'https://checkout.paycom.uz',
      apiUrl: 'https://checkout.paycom.uz/api',
      publicUrl: 'http://localhost:3000',
    });
  });
});

describe('Payme Merchant API on a server without Payme', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not found', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/payme',
      headers: { 'content-type': 'application/json', authorization: basic('Paycom', KEY) },
      payload: '{"method":"CheckTransaction","params":{"id":"1"}}',
    });
    expect(response.statusCode).toBe(404);
  });
});
