import type { SubscriptionReply } from '@salomtv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingViewer,
  billingViewer,
  buyWithDemo,
  CARD_FAILS_LATER,
  CARD_OK,
  DAY_MS,
  planByCode,
  saveDemoCard,
  setPlanPrices,
} from '../../test/billing.js';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.js';

/** Plan changes with the demo provider, at the HTTP boundary, on a clock the test moves. */
describe('plan changes charge what they give (demo provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setPlanPrices(t.app, {
      basic: { monthly: 900, yearly: 9000 },
      standard: { monthly: 1400, yearly: null },
      platinum: { monthly: 2500, yearly: 25000 },
      premium: { monthly: 2500, yearly: 25000 },
    });
  });
  afterAll(() => t.close());

  const renewDue = () => t.app.container.services.renewal.renewDue();
  const planId = async (code: string) => (await planByCode(t.app, code)).plan_id;
  const subscription = async (client: TestClient) =>
    (await client.get('/api/billing/subscription')).json() as SubscriptionReply;
  const payments = async (client: TestClient) =>
    (await client.get('/api/billing/payments')).json().items as {
      amount_cents: number;
      status: string;
      description: string;
    }[];
  const change = async (client: TestClient, code: string) =>
    client.post('/api/billing/change-plan', { plan_id: await planId(code) });
  const preview = async (client: TestClient, code: string) =>
    client.get(`/api/billing/change-plan/preview?plan_id=${await planId(code)}`);
  /** A viewer past their trial who has bought `code` (paid now). */
  async function subscriber(code: string): Promise<BillingViewer> {
    const viewer = await billingViewer(t.app, null);
    expect((await buyWithDemo(t.app, viewer.client, code)).statusCode).toBe(200);
    return viewer;
  }
  /** The prorated difference for the rest of the viewer's period, rounded up to a whole cent. */
  const prorated = (difference: number, sub: SubscriptionReply) => {
    const end = new Date(sub.current_period_end!).getTime();
    const length = end - new Date(sub.current_period_start!).getTime();
    return Math.ceil((difference * (end - t.clock.now().getTime())) / length);
  };
  /** Moves the clock to `ms` after the viewer's period end (negative: before) and signs in again. */
  async function toPeriodEnd(viewer: BillingViewer, sub: SubscriptionReply, ms: number) {
    t.clock.advance(new Date(sub.current_period_end!).getTime() + ms - t.clock.now().getTime());
    return viewer.relogin();
  }

  it('an upgrade is charged the prorated difference at once with the saved card, then applies', async () => {
    const viewer = await subscriber('basic');
    t.clock.advance(10 * DAY_MS);
    const client = await viewer.relogin();
    const before = await subscription(client);
    const amount = prorated(2500 - 900, before);
    expect(amount).toBeGreaterThan(0);

    const asked = await preview(client, 'premium');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      kind: 'upgrade',
      plan: { code: 'premium' },
      amount_due_now_cents: amount,
      currency: 'USD',
      effective_at: t.clock.now().toISOString(),
      renewal_price_cents: 2500,
      next_billing_date: before.current_period_end,
    });
    // Asking charges nothing and changes nothing.
    expect(await payments(client)).toHaveLength(1);
    expect((await subscription(client)).plan?.code).toBe('basic');

    const changed = await change(client, 'premium');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      plan: { code: 'premium' },
      max_height: 1080,
      price_cents: 2500,
      renewal_price_cents: 2500,
      current_period_end: before.current_period_end,
      scheduled_plan: null,
    });
    expect(await t.app.container.services.entitlements.capFor(viewer.userId)).toBe(1080);
    expect((await payments(client)).map((p) => [p.amount_cents, p.status])).toEqual([
      [amount, 'succeeded'],
      [900, 'succeeded'],
    ]);

    // The renewal charges the new plan's whole price.
    await toPeriodEnd(viewer, before, 60_000);
    await renewDue();
    const renewed = await viewer.relogin();
    expect(await subscription(renewed)).toMatchObject({ plan: { code: 'premium' }, price_cents: 2500 });
    expect((await payments(renewed))[0]).toMatchObject({ amount_cents: 2500, status: 'succeeded' });
  });

  it('a declined upgrade leaves the old plan, says so, and records the failed charge', async () => {
    const viewer = await subscriber('basic');
    expect((await saveDemoCard(viewer.client, CARD_FAILS_LATER)).statusCode).toBe(200);
    const amount = prorated(1600, await subscription(viewer.client));

    const declined = await change(viewer.client, 'premium');
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.code).toBe('card_declined');
    expect(declined.json().error.message).toMatch(/stay on the Basic plan/);
    expect(await subscription(viewer.client)).toMatchObject({
      plan: { code: 'basic' },
      max_height: 480,
      price_cents: 900,
      pending_upgrade_plan: null,
    });
    expect(await t.app.container.services.entitlements.capFor(viewer.userId)).toBe(480);
    expect((await payments(viewer.client))[0]).toMatchObject({ amount_cents: amount, status: 'failed' });

    // With a working card the same upgrade goes through.
    expect((await saveDemoCard(viewer.client, CARD_OK)).statusCode).toBe(200);
    expect((await change(viewer.client, 'premium')).statusCode).toBe(200);
    expect((await subscription(viewer.client)).plan?.code).toBe('premium');
  });

  it('a downgrade waits for the end of the paid period, shows its date, then renews at the cheaper price', async () => {
    const viewer = await subscriber('premium');
    const paid = await subscription(viewer.client);
    const asked = await preview(viewer.client, 'basic');
    expect(asked.json()).toMatchObject({
      kind: 'downgrade',
      amount_due_now_cents: 0,
      effective_at: paid.current_period_end,
      renewal_price_cents: 900,
    });

    const scheduled = await change(viewer.client, 'basic');
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({
      plan: { code: 'premium' },
      max_height: 1080,
      price_cents: 2500,
      scheduled_plan: { code: 'basic' },
      scheduled_change_at: paid.current_period_end,
      next_billing_date: paid.current_period_end,
      renewal_price_cents: 900,
    });
    expect(await payments(viewer.client)).toHaveLength(1);
    expect((await change(viewer.client, 'basic')).statusCode).toBe(409);

    // Premium to the last minute of the period.
    const lastMinute = await toPeriodEnd(viewer, paid, -60_000);
    expect(await subscription(lastMinute)).toMatchObject({ plan: { code: 'premium' }, max_height: 1080 });
    await toPeriodEnd(viewer, paid, 60_000);
    await renewDue();
    const after = await viewer.relogin();
    expect(await subscription(after)).toMatchObject({
      plan: { code: 'basic' },
      max_height: 480,
      price_cents: 900,
      scheduled_plan: null,
      current_period_start: paid.current_period_end,
    });
    expect((await payments(after)).map((p) => p.amount_cents)).toEqual([900, 2500]);
  });

  it('a scheduled downgrade can be undone before the end: the renewal charges the plan kept', async () => {
    const viewer = await subscriber('platinum');
    const paid = await subscription(viewer.client);
    await change(viewer.client, 'standard');
    expect((await preview(viewer.client, 'platinum')).json()).toMatchObject({
      kind: 'undo',
      amount_due_now_cents: 0,
      renewal_price_cents: 2500,
    });
    const undone = await viewer.client.post('/api/billing/change-plan/undo');
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ scheduled_plan: null, renewal_price_cents: 2500 });
    expect((await viewer.client.post('/api/billing/change-plan/undo')).statusCode).toBe(409);
    // Choosing the current plan again undoes a scheduled downgrade too.
    await change(viewer.client, 'basic');
    expect((await change(viewer.client, 'platinum')).json().scheduled_plan).toBeNull();

    await toPeriodEnd(viewer, paid, 60_000);
    await renewDue();
    const after = await viewer.relogin();
    expect(await subscription(after)).toMatchObject({ plan: { code: 'platinum' }, price_cents: 2500 });
    expect((await payments(after)).map((p) => p.amount_cents)).toEqual([2500, 2500]);
  });

  it('downgrade scheduled, then upgrade: charged against what was paid, and the downgrade is dropped', async () => {
    const viewer = await subscriber('standard');
    t.clock.advance(5 * DAY_MS);
    const client = await viewer.relogin();
    const paid = await subscription(client);
    await change(client, 'basic');
    // Against the 1400 paid for this period, not the 900 of the plan scheduled.
    const amount = prorated(2500 - 1400, paid);
    expect((await preview(client, 'premium')).json().amount_due_now_cents).toBe(amount);
    expect((await change(client, 'premium')).json()).toMatchObject({
      plan: { code: 'premium' },
      scheduled_plan: null,
      renewal_price_cents: 2500,
    });
    expect((await payments(client))[0]).toMatchObject({ amount_cents: amount, status: 'succeeded' });
    await toPeriodEnd(viewer, paid, 60_000);
    await renewDue();
    expect((await payments(await viewer.relogin()))[0]).toMatchObject({ amount_cents: 2500 });
  });

  it('from a dearer plan, a plan between it and a scheduled one is still a downgrade at the period end', async () => {
    const viewer = await subscriber('premium');
    const paid = await subscription(viewer.client);
    await change(viewer.client, 'basic');
    const middle = await change(viewer.client, 'standard');
    expect(middle.json()).toMatchObject({
      plan: { code: 'premium' },
      scheduled_plan: { code: 'standard' },
      renewal_price_cents: 1400,
    });
    expect(await payments(viewer.client)).toHaveLength(1);
    await toPeriodEnd(viewer, paid, 60_000);
    await renewDue();
    const after = await viewer.relogin();
    expect(await subscription(after)).toMatchObject({ plan: { code: 'standard' }, price_cents: 1400 });
  });

  it('right after a downgrade has renewed, going back up costs the whole difference for the new period', async () => {
    const viewer = await subscriber('premium');
    const paid = await subscription(viewer.client);
    await change(viewer.client, 'basic');
    await toPeriodEnd(viewer, paid, 60_000);
    await renewDue();
    const client = await viewer.relogin();
    const renewed = await subscription(client);
    expect(renewed).toMatchObject({ plan: { code: 'basic' }, price_cents: 900 });
    const amount = prorated(1600, renewed);
    expect(amount).toBeGreaterThanOrEqual(1599);
    expect((await change(client, 'premium')).statusCode).toBe(200);
    expect((await payments(client)).map((p) => p.amount_cents)).toEqual([amount, 900, 2500]);
  });

  it('an upgrade in the last minute of the period costs that minute, and the renewal charges the dearer price', async () => {
    const viewer = await subscriber('basic');
    const paid = await subscription(viewer.client);
    const client = await toPeriodEnd(viewer, paid, -60_000);
    const asked = (await preview(client, 'premium')).json();
    expect(asked.amount_due_now_cents).toBe(1);
    expect((await change(client, 'premium')).statusCode).toBe(200);
    await toPeriodEnd(viewer, paid, 60_000);
    await renewDue();
    const after = await viewer.relogin();
    expect((await payments(after)).map((p) => p.amount_cents)).toEqual([2500, 1, 900]);
    expect(await subscription(after)).toMatchObject({ plan: { code: 'premium' }, price_cents: 2500 });
  });

  it('after the period end, before the renewal has run, no change is taken: the renewal decides', async () => {
    const viewer = await subscriber('basic');
    const paid = await subscription(viewer.client);
    const client = await toPeriodEnd(viewer, paid, 30_000);
    expect((await change(client, 'premium')).statusCode).toBe(409);
    expect((await preview(client, 'premium')).statusCode).toBe(409);
    await renewDue();
    const after = await viewer.relogin();
    expect(await subscription(after)).toMatchObject({ plan: { code: 'basic' }, price_cents: 900 });
    expect((await payments(after)).map((p) => p.amount_cents)).toEqual([900, 900]);
  });

  it('a plan at the same price applies at once with nothing charged', async () => {
    const viewer = await subscriber('platinum');
    expect((await preview(viewer.client, 'premium')).json()).toMatchObject({
      kind: 'switch',
      amount_due_now_cents: 0,
    });
    expect((await change(viewer.client, 'premium')).json()).toMatchObject({
      plan: { code: 'premium' },
      max_streams: 4,
      price_cents: 2500,
    });
    expect(await payments(viewer.client)).toHaveLength(1);
  });

  it('two upgrades sent at once charge once', async () => {
    const viewer = await subscriber('basic');
    const premium = await planId('premium');
    const answers = await Promise.all([
      viewer.client.post('/api/billing/change-plan', { plan_id: premium }),
      viewer.client.post('/api/billing/change-plan', { plan_id: premium }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const charged = (await payments(viewer.client)).filter((p) => p.amount_cents !== 900);
    expect(charged).toHaveLength(1);
  });

  it('refuses a change without a paid plan, while a payment is overdue, and to a plan without the yearly price', async () => {
    const trial = await billingViewer(t.app);
    expect((await change(trial.client, 'premium')).statusCode).toBe(409);
    expect((await preview(trial.client, 'premium')).statusCode).toBe(409);
    expect((await trial.client.post('/api/billing/change-plan/undo')).statusCode).toBe(409);

    const yearly = await billingViewer(t.app, null);
    expect((await buyWithDemo(t.app, yearly.client, 'basic', { interval: 'year' })).statusCode).toBe(200);
    const refused = await change(yearly.client, 'standard');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.plan_id).toMatch(/yearly/);
    // Yearly against yearly: 25000 against the 9000 paid.
    expect((await preview(yearly.client, 'premium')).json()).toMatchObject({
      kind: 'upgrade',
      interval: 'year',
    });

    const late = await subscriber('premium');
    expect((await saveDemoCard(late.client, CARD_FAILS_LATER)).statusCode).toBe(200);
    const paid = await subscription(late.client);
    await toPeriodEnd(late, paid, 60_000);
    await renewDue();
    const client = await late.relogin();
    expect((await subscription(client)).status).toBe('past_due');
    expect((await change(client, 'basic')).statusCode).toBe(409);
  });
});
