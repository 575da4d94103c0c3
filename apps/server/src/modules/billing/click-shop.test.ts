import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { CLICK_TEST_ENV, DAY_MS, openSomCheckout } from '../../test/billing.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { clickSignString } from './providers/click-protocol.js';

const CLICK_ENV = CLICK_TEST_ENV;
const SECRET = CLICK_ENV.CLICK_SECRET_KEY;
const SERVICE_ID = CLICK_ENV.CLICK_SERVICE_ID;
const PRICE_TIYIN = 4_900_000;

let clickIds = 7_000_000_000;

describe('Click SHOP API (Prepare and Complete)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(CLICK_ENV);
  });
  afterAll(() => t.close());

  /** A so'm checkout session to be paid through Click (or another provider), as the checkout would open it. */
  const clickOrder = (options: { trialDays?: number | null; provider?: 'click' | 'demo' } = {}) =>
    openSomCheckout(t.app, {
      provider: options.provider ?? 'click',
      priceTiyin: PRICE_TIYIN,
      trialDays: options.trialDays ?? null,
    });

  type Fields = Record<string, string>;

  /** Click's sign_string of a form's fields. */
  const signOf = (fields: Fields, secret = SECRET) =>
    clickSignString(
      {
        click_trans_id: fields.click_trans_id ?? '',
        service_id: fields.service_id ?? '',
        merchant_trans_id: fields.merchant_trans_id ?? '',
        merchant_prepare_id: fields.merchant_prepare_id,
        amount: fields.amount ?? '',
        action: fields.action ?? '',
        sign_time: fields.sign_time ?? '',
      },
      secret,
    );

  /** Click's call, signed as Click signs it unless `sign_string` is given. */
  async function call(path: 'prepare' | 'complete', fields: Fields, secret = SECRET) {
    const signed: Fields = { sign_string: signOf(fields, secret), ...fields };
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/payments/click/${path}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(signed).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const prepareFields = (sessionId: string, overrides: Fields = {}): Fields => ({
    click_trans_id: String(++clickIds),
    service_id: SERVICE_ID,
    click_paydoc_id: String(clickIds + 5),
    merchant_trans_id: sessionId,
    amount: '49000',
    action: '0',
    error: '0',
    error_note: 'Success',
    sign_time: '2026-06-01 10:00:00',
    ...overrides,
  });

  const completeFields = (
    prepared: Fields,
    merchantPrepareId: number | string,
    overrides: Fields = {},
  ): Fields => ({
    ...prepared,
    action: '1',
    merchant_prepare_id: String(merchantPrepareId),
    sign_time: '2026-06-01 10:00:05',
    ...overrides,
  });

  const payments = async (userId: number) =>
    (await t.app.container.services.subscriptions.payments(userId, 1, 50)).items;

  it("prepares, then completes: the plan starts and the payment is recorded once with Click's id", async () => {
    const { viewer, plan, sessionId } = await clickOrder();
    const fields = prepareFields(sessionId);
    const prepared = await call('prepare', fields);
    expect(prepared).toEqual({
      click_trans_id: Number(fields.click_trans_id),
      merchant_trans_id: sessionId,
      merchant_prepare_id: expect.any(Number),
      error: 0,
      error_note: 'Success',
    });
    const completed = await call('complete', completeFields(fields, prepared.merchant_prepare_id));
    expect(completed).toEqual({
      click_trans_id: Number(fields.click_trans_id),
      merchant_trans_id: sessionId,
      merchant_confirm_id: prepared.merchant_prepare_id,
      error: 0,
      error_note: 'Success',
    });
    const view = await t.app.container.services.subscriptions.view(viewer.userId);
    expect(view).toMatchObject({ status: 'active', plan: { plan_id: plan.plan_id } });
    expect(await payments(viewer.userId)).toMatchObject([
      {
        status: 'succeeded',
        provider: 'click',
        provider_ref: fields.click_trans_id,
        amount_cents: PRICE_TIYIN,
        currency: 'UZS',
      },
    ]);
    expect((await t.app.container.repos.checkouts.find(sessionId))?.status).toBe('completed');
    const row = await t.app.container.repos.clickTransactions.findByClickId(fields.click_trans_id!);
    expect(row).toMatchObject({
      state: 'completed',
      amount_tiyin: PRICE_TIYIN,
      merchant_trans_id: sessionId,
    });
    // Each call is kept as it came.
    expect(new URLSearchParams(row!.prepare_body).get('action')).toBe('0');
    expect(new URLSearchParams(row!.complete_body!).get('merchant_prepare_id')).toBe(
      String(prepared.merchant_prepare_id),
    );
  });

  it('answers a repeated Prepare the same, with one transaction', async () => {
    const { sessionId } = await clickOrder();
    const fields = prepareFields(sessionId);
    const first = await call('prepare', fields);
    const again = await call('prepare', fields);
    expect(again).toEqual(first);
    expect(first.error).toBe(0);
  });

  it('answers a repeated Complete the same and records the payment once', async () => {
    const { viewer, sessionId } = await clickOrder();
    const fields = prepareFields(sessionId);
    const prepared = await call('prepare', fields);
    const complete = completeFields(fields, prepared.merchant_prepare_id);
    const first = await call('complete', complete);
    const again = await call('complete', complete);
    expect(first.error).toBe(0);
    expect(again).toEqual(first);
    expect(await payments(viewer.userId)).toHaveLength(1);
  });

  it('answers -6 to a Complete without its Prepare, or naming another prepare id', async () => {
    const { sessionId } = await clickOrder();
    const fields = prepareFields(sessionId);
    expect(await call('complete', completeFields(fields, 999_999))).toMatchObject({
      error: -6,
      merchant_confirm_id: null,
    });
    const prepared = await call('prepare', fields);
    expect((await call('complete', completeFields(fields, prepared.merchant_prepare_id + 1000))).error).toBe(
      -6,
    );
  });

  it('cancels the order on a Complete carrying an error (-5017): -9, nothing paid, the order not payable again', async () => {
    const { viewer, sessionId } = await clickOrder();
    const fields = prepareFields(sessionId);
    const prepared = await call('prepare', fields);
    const failed = await call(
      'complete',
      completeFields(fields, prepared.merchant_prepare_id, {
        error: '-5017',
        error_note: 'Insufficient funds',
      }),
    );
    expect(failed).toMatchObject({
      error: -9,
      error_note: 'Transaction cancelled',
      merchant_confirm_id: null,
    });
    expect(await payments(viewer.userId)).toHaveLength(0);
    expect((await t.app.container.services.subscriptions.view(viewer.userId)).status).not.toBe('active');
    expect((await t.app.container.repos.clickTransactions.findByClickId(fields.click_trans_id!))?.state).toBe(
      'cancelled',
    );
    // Click's next try at the same order.
    expect((await call('prepare', prepareFields(sessionId))).error).toBe(-9);
  });

  it('answers -9 to a Complete after its transaction was cancelled', async () => {
    const { viewer, sessionId } = await clickOrder();
    const fields = prepareFields(sessionId);
    const prepared = await call('prepare', fields);
    await call('complete', completeFields(fields, prepared.merchant_prepare_id, { error: '-5017' }));
    expect((await call('complete', completeFields(fields, prepared.merchant_prepare_id))).error).toBe(-9);
    expect((await call('prepare', fields)).error).toBe(-9);
    expect(await payments(viewer.userId)).toHaveLength(0);
  });

  it('answers -1 to a wrong signature, on Prepare and on Complete, and changes nothing', async () => {
    const { viewer, sessionId } = await clickOrder();
    const fields = prepareFields(sessionId);
    expect(await call('prepare', fields, 'another-secret')).toMatchObject({
      error: -1,
      error_note: 'SIGN CHECK FAILED!',
      merchant_prepare_id: null,
    });
    expect(
      await t.app.container.repos.clickTransactions.findByClickId(fields.click_trans_id!),
    ).toBeUndefined();
    const prepared = await call('prepare', fields);
    const complete = completeFields(fields, prepared.merchant_prepare_id);
    expect((await call('complete', complete, 'another-secret')).error).toBe(-1);
    // The signature covers every field: a changed amount with the old signature fails.
    const good = signOf(complete);
    expect((await call('complete', { ...complete, amount: '1', sign_string: good })).error).toBe(-1);
    expect(await payments(viewer.userId)).toHaveLength(0);
  });

  it("answers -2 to an amount other than the order's price in so'm, compared exactly", async () => {
    const { sessionId } = await clickOrder();
    for (const amount of ['48000', '49000.01', '4900000', '490'])
      expect((await call('prepare', prepareFields(sessionId, { amount }))).error, amount).toBe(-2);
    const fields = prepareFields(sessionId, { amount: '49000.00' });
    const prepared = await call('prepare', fields);
    expect(prepared.error).toBe(0);
    expect(
      (await call('complete', completeFields(fields, prepared.merchant_prepare_id, { amount: '49001' })))
        .error,
    ).toBe(-2);
    expect((await call('complete', completeFields(fields, prepared.merchant_prepare_id))).error).toBe(0);
  });

  it('answers -4 to a payment of an order already paid', async () => {
    const { viewer, sessionId } = await clickOrder();
    const first = prepareFields(sessionId);
    const second = prepareFields(sessionId);
    const preparedFirst = await call('prepare', first);
    const preparedSecond = await call('prepare', second);
    expect((await call('complete', completeFields(first, preparedFirst.merchant_prepare_id))).error).toBe(0);
    // Another Click transaction for the same order, prepared before and completed after.
    expect((await call('complete', completeFields(second, preparedSecond.merchant_prepare_id))).error).toBe(
      -4,
    );
    expect((await call('prepare', prepareFields(sessionId))).error).toBe(-4);
    expect(await payments(viewer.userId)).toHaveLength(1);
  });

  it('answers -5 to an order we do not have, or one not meant for Click', async () => {
    expect((await call('prepare', prepareFields('no-such-session'))).error).toBe(-5);
    const { sessionId } = await clickOrder({ provider: 'demo' });
    expect(await call('prepare', prepareFields(sessionId))).toMatchObject({
      error: -5,
      error_note: 'User does not exist',
    });
  });

  it('answers -3 to an action the route does not take', async () => {
    const { sessionId } = await clickOrder();
    expect((await call('prepare', prepareFields(sessionId, { action: '1' }))).error).toBe(-3);
    const fields = prepareFields(sessionId);
    const prepared = await call('prepare', fields);
    expect(
      (await call('complete', completeFields(fields, prepared.merchant_prepare_id, { action: '0' }))).error,
    ).toBe(-3);
  });

  it('answers -8, with HTTP 200, to a call missing fields, with invalid ones, or that is no form', async () => {
    const { sessionId } = await clickOrder();
    const fields = prepareFields(sessionId);
    const { sign_time: _dropped, ...missing } = fields;
    expect(await call('prepare', missing)).toMatchObject({
      error: -8,
      click_trans_id: Number(fields.click_trans_id),
      merchant_trans_id: sessionId,
    });
    expect((await call('prepare', { ...fields, amount: '49 000' })).error).toBe(-8);
    expect((await call('prepare', { ...fields, service_id: '99999' })).error).toBe(-8);
    // Complete needs merchant_prepare_id.
    expect((await call('complete', { ...fields, action: '1' })).error).toBe(-8);
    const json = await t.app.inject({ method: 'POST', url: '/api/payments/click/prepare', payload: fields });
    expect(json.statusCode).toBe(200);
    expect(json.json().error).toBe(-8);
  });

  it('starts the paid period at the end of a running free trial, so its days are kept', async () => {
    const { viewer, sessionId } = await clickOrder({ trialDays: 10 });
    const fields = prepareFields(sessionId);
    const prepared = await call('prepare', fields);
    expect((await call('complete', completeFields(fields, prepared.merchant_prepare_id))).error).toBe(0);
    const row = (await t.app.container.repos.subscriptions.findByUser(viewer.userId))!;
    const trialEnd = t.clock.now().getTime() + 10 * DAY_MS;
    expect(row).toMatchObject({ status: 'active', provider: 'click' });
    expect(Date.parse(row.current_period_start)).toBe(trialEnd);
    expect(Date.parse(row.current_period_end)).toBeGreaterThan(trialEnd + 27 * DAY_MS);
  });
});

describe('Click settings', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/x' };
  it('go together: a half-set group stops the start, naming what is missing', () => {
    expect(loadConfig(base).click).toBeUndefined();
    expect(() => loadConfig({ ...base, CLICK_SERVICE_ID: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, CLICK_CHECKOUT_URL: 'https://my.click.uz' })).toThrow(
      /CLICK_SERVICE_ID/,
    );
    expect(() => loadConfig({ ...base, ...CLICK_ENV, CLICK_MERCHANT_USER_ID: '' })).toThrow(
      /CLICK_MERCHANT_USER_ID/,
    );
    expect(() => loadConfig({ ...base, ...CLICK_ENV, CLICK_SERVICE_ID: 'abc' })).toThrow(/CLICK_SERVICE_ID/);
  });

  it("default to Click's hosts, and never echo the secret key", () => {
    expect(loadConfig({ ...base, ...CLICK_ENV }).click).toEqual({
      serviceId: SERVICE_ID,
      merchantId: '678',
      secretKey: SECRET,
      merchantUserId: '901',
      checkoutUrl: 'https://my.click.uz',
      apiUrl: 'https://api.click.uz/v2/merchant',
      publicUrl: 'https://tv.example.com',
    });
    expect(() => loadConfig({ ...base, ...CLICK_ENV, CLICK_SECRET_KEY: 'short' })).toThrow(/hidden value/);
  });
});

describe('Click SHOP API on a server without Click', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not found', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/click/prepare',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'click_trans_id=1',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });
});
