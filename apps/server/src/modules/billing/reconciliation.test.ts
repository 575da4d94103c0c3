import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingViewer, CLICK_TEST_ENV, planByCode } from '../../test/billing.js';
import { createTestApp, signedInAdmin, type TestApp, type TestClient } from '../../test/harness.js';

const CLICK_ENV = CLICK_TEST_ENV;
const STANDARD_TIYIN = 4_900_000;

describe('the reconciliation report: our payments against what Click told us, per Tashkent day', () => {
  let t: TestApp;
  let admin: TestClient;
  let viewer: Awaited<ReturnType<typeof billingViewer>>;
  let planId: number;
  let clickIds = 9_100_000_000;

  beforeAll(async () => {
    t = await createTestApp(CLICK_ENV);
    admin = await signedInAdmin(t.app);
    viewer = await billingViewer(t.app, null);
    planId = (await planByCode(t.app, 'standard')).plan_id;
  });
  afterAll(() => t.close());

  const at = (iso: string) => {
    t.clock.advance(Date.parse(iso) - t.clock.now().getTime());
  };
  /** A transaction Click completed at `iso` (as its Complete call would leave it). */
  async function clickPaid(iso: string, amount = STANDARD_TIYIN): Promise<string> {
    const ref = String(++clickIds);
    const repo = t.app.container.repos.clickTransactions;
    const row = (await repo.insertIfNew({
      click_trans_id: ref,
      merchant_trans_id: `order-${ref}`,
      state: 'prepared',
      amount_tiyin: amount,
      prepare_body: `click_trans_id=${ref}&action=0`,
      complete_body: null,
      prepared_at: iso,
      completed_at: null,
      cancelled_at: null,
    }))!;
    await repo.transition(row.merchant_prepare_id, 'prepared', {
      state: 'completed',
      complete_body: `click_trans_id=${ref}&action=1`,
      completed_at: iso,
    });
    return ref;
  }
  /** A payment we recorded at `iso`. */
  async function recorded(
    iso: string,
    ref: string,
    options: { provider?: 'click' | 'demo'; amount?: number; status?: 'succeeded' | 'refunded' } = {},
  ) {
    at(iso);
    return t.app.container.services.subscriptions.recordPayment({
      userId: viewer.userId,
      subscriptionId: null,
      planId,
      amountCents: options.amount ?? STANDARD_TIYIN,
      currency: 'UZS',
      status: options.status ?? 'succeeded',
      provider: options.provider ?? 'click',
      providerRef: ref,
      description: 'Standard, monthly',
    });
  }

  it('totals each day on both sides and names every transaction that differs', async () => {
    const matched = await clickPaid('2026-06-01T06:00:00.000Z');
    await recorded('2026-06-01T06:00:01.000Z', matched);
    // Paid at Click but never recorded here: the viewer may have paid for nothing.
    const unrecorded = await clickPaid('2026-06-01T07:00:00.000Z');
    // Recorded here under a Click id Click never completed.
    const unknown = await recorded('2026-06-01T08:00:00.000Z', '9199999999');
    const otherAmount = await clickPaid('2026-06-01T09:00:00.000Z', 8_900_000);
    const otherAmountPayment = await recorded('2026-06-01T09:00:01.000Z', otherAmount);
    const refundedHere = await clickPaid('2026-06-01T10:00:00.000Z');
    await recorded('2026-06-01T10:00:01.000Z', refundedHere, { status: 'refunded' });
    // 23:59:59 in Tashkent is recorded here, Click's record of it says 00:00:01 the next day: a pair, on Click's day.
    const acrossMidnight = await clickPaid('2026-06-01T19:00:01.000Z');
    await recorded('2026-06-01T18:59:59.000Z', acrossMidnight);
    await recorded('2026-06-01T11:00:00.000Z', 'demo-1', { provider: 'demo' });

    const reply = await admin.get('/api/admin/payments/reconciliation?from=2026-06-01&to=2026-06-02');
    expect(reply.statusCode, reply.body).toBe(200);
    const report = reply.json();
    expect(report.providers).toEqual(['click']);
    expect(report.days.map((d: { date: string }) => d.date)).toEqual(['2026-06-01', '2026-06-02']);
    const [first, second] = report.days;
    expect(first).toMatchObject({
      provider: 'click',
      currency: 'UZS',
      theirs: { count: 4, amount_minor: 3 * STANDARD_TIYIN + 8_900_000 },
      ours: { count: 4, amount_minor: 4 * STANDARD_TIYIN },
      refunded_ours: { count: 1, amount_minor: STANDARD_TIYIN },
      refunded_theirs: { count: 0, amount_minor: 0 },
    });
    expect(
      first.differences.map((d: { kind: string; provider_ref: string }) => [d.kind, d.provider_ref]),
    ).toEqual(
      expect.arrayContaining([
        ['missing_here', unrecorded],
        ['missing_there', '9199999999'],
        ['amount', otherAmount],
        ['state', refundedHere],
      ]),
    );
    expect(first.differences).toHaveLength(4);
    expect(first.differences.find((d: { kind: string }) => d.kind === 'amount')).toMatchObject({
      payment_id: otherAmountPayment.payment_id,
      ours_minor: STANDARD_TIYIN,
      theirs_minor: 8_900_000,
    });
    expect(first.differences.find((d: { kind: string }) => d.kind === 'missing_there')).toMatchObject({
      payment_id: unknown.payment_id,
      theirs_minor: null,
    });
    expect(second).toMatchObject({
      theirs: { count: 1, amount_minor: STANDARD_TIYIN },
      ours: { count: 1, amount_minor: STANDARD_TIYIN },
      differences: [],
    });

    // A day with nothing on either side is there, with nothing to show.
    const quiet = (
      await admin.get('/api/admin/payments/reconciliation?from=2026-05-20&to=2026-05-20')
    ).json();
    expect(quiet.days).toEqual([
      expect.objectContaining({ date: '2026-05-20', theirs: { count: 0, amount_minor: 0 }, differences: [] }),
    ]);
  });

  it('refuses a range backwards, longer than 31 days or not made of dates, and anyone but an admin', async () => {
    const backwards = await admin.get('/api/admin/payments/reconciliation?from=2026-06-02&to=2026-06-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('The first day comes before the last');
    const long = await admin.get('/api/admin/payments/reconciliation?from=2026-01-01&to=2026-03-01');
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('At most 31 days');
    expect(
      (await admin.get('/api/admin/payments/reconciliation?from=yesterday&to=2026-06-01')).statusCode,
    ).toBe(400);
    expect((await admin.get('/api/admin/payments/reconciliation?from=2026-06-01')).statusCode).toBe(400);
    expect(
      (await viewer.client.get('/api/admin/payments/reconciliation?from=2026-06-01&to=2026-06-01'))
        .statusCode,
    ).toBe(403);
  });
});

describe('the reconciliation report for Payme: its performed transactions and its refunds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PAYMENT_PROVIDERS: 'demo,payme',
      PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb',
      PAYME_TEST_KEY: 'payme-test-key',
      PUBLIC_URL: 'https://tv.example.com',
    });
  });
  afterAll(() => t.close());

  it("pairs each payment with Payme's transaction, counts refunds on both sides and names what differs", async () => {
    const admin = await signedInAdmin(t.app);
    const viewer = await billingViewer(t.app, null);
    const planId = (await planByCode(t.app, 'standard')).plan_id;
    const performedAt = Date.parse('2026-06-01T10:00:00.000Z');
    let n = 0;
    const performed = async (state: 2 | -2) => {
      const paymeId = `6650c0ffee0000000000000${++n}`;
      await t.app.container.repos.paymeTransactions.insertIfNew({
        payme_id: paymeId,
        order_id: `order-${n}`,
        user_id: viewer.userId,
        amount_tiyin: STANDARD_TIYIN,
        state,
        reason: state === -2 ? 5 : null,
        payme_time: performedAt - 1000,
        create_time: performedAt - 1000,
        perform_time: performedAt,
        cancel_time: state === -2 ? performedAt + 1000 : 0,
      });
      return paymeId;
    };
    const record = (ref: string, status: 'succeeded' | 'refunded') =>
      t.app.container.services.subscriptions.recordPayment({
        userId: viewer.userId,
        subscriptionId: null,
        planId,
        amountCents: STANDARD_TIYIN,
        currency: 'UZS',
        status,
        provider: 'payme',
        providerRef: ref,
        description: 'Standard, monthly',
      });
    await record(await performed(2), 'succeeded');
    await record(await performed(-2), 'refunded');
    const unrecorded = await performed(2);

    const report = (
      await admin.get('/api/admin/payments/reconciliation?from=2026-06-01&to=2026-06-01')
    ).json();
    expect(report.providers).toEqual(['payme']);
    expect(report.days).toEqual([
      expect.objectContaining({
        date: '2026-06-01',
        provider: 'payme',
        theirs: { count: 3, amount_minor: 3 * STANDARD_TIYIN },
        ours: { count: 2, amount_minor: 2 * STANDARD_TIYIN },
        refunded_theirs: { count: 1, amount_minor: STANDARD_TIYIN },
        refunded_ours: { count: 1, amount_minor: STANDARD_TIYIN },
        differences: [expect.objectContaining({ kind: 'missing_here', provider_ref: unrecorded })],
      }),
    ]);
  });
});

describe('the reconciliation report without Payme or Click', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no provider to reconcile and says so with no days', async () => {
    const admin = await signedInAdmin(t.app);
    const report = (
      await admin.get('/api/admin/payments/reconciliation?from=2026-06-01&to=2026-06-03')
    ).json();
    expect(report).toEqual({ from: '2026-06-01', to: '2026-06-03', providers: [], days: [] });
  });
});
