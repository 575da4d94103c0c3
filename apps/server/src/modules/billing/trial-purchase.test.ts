import type { SubscriptionReply } from '@salomtv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BillingViewer,
  billingViewer,
  CARD_FAILS_LATER,
  CARD_OK,
  DAY_MS,
  planByCode,
  saveDemoCard,
} from '../../test/billing.js';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness.js';

/** A plan bought during the free trial keeps the trial: nothing is charged until it ends (demo provider). */
describe('purchase during the free trial', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const renewDue = () => t.app.container.services.renewal.renewDue();
  const subscription = async (client: TestClient) =>
    (await client.get('/api/billing/subscription')).json() as SubscriptionReply;
  const payments = async (client: TestClient) =>
    (await client.get('/api/billing/payments')).json().items as { amount_cents: number; status: string }[];
  const trialEnd = async (viewer: BillingViewer) =>
    (await t.app.container.repos.users.findById(viewer.userId))!.trial_ends_at!;

  async function openCheckout(client: TestClient, code: string) {
    const plan = await planByCode(t.app, code);
    const checkout = await client.post('/api/billing/checkout', { plan_id: plan.plan_id, interval: 'month' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    return checkout.json().session_id as string;
  }
  const pay = (client: TestClient, session: string, card = CARD_OK) =>
    client.post('/api/billing/demo/pay', { session, card_number: card, exp: '12/30', cvc: '123', name: 'V' });
  async function untilTrialEnd(viewer: BillingViewer, ms: number) {
    t.clock.advance(new Date(await trialEnd(viewer)).getTime() + ms - t.clock.now().getTime());
    return viewer.relogin();
  }

  it('saves the card and charges nothing; the first payment is at the trial end, where the paid period starts', async () => {
    const viewer = await billingViewer(t.app);
    t.clock.advance(10 * DAY_MS);
    const client = await viewer.relogin();
    const ends = await trialEnd(viewer);
    const session = await openCheckout(client, 'standard');
    // The checkout page says so before the viewer pays.
    expect((await client.get(`/api/billing/demo/session/${session}`)).json()).toMatchObject({
      first_payment_at: ends,
      price_cents: 1900,
    });

    const paid = await pay(client, session);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'trialing', payment_id: null });
    expect(await payments(client)).toEqual([]);
    expect(await subscription(client)).toMatchObject({
      status: 'trialing',
      has_access: true,
      max_height: 1080,
      preroll: false,
      plan: null,
      scheduled_plan: { code: 'standard' },
      scheduled_change_at: ends,
      next_billing_date: ends,
      renewal_price_cents: 1900,
      payment_method_summary: 'Visa •••• 4242',
      access_until: ends,
    });

    // Nothing is charged before the end.
    const lastMinute = await untilTrialEnd(viewer, -60_000);
    await renewDue();
    expect(await payments(lastMinute)).toEqual([]);

    const after = await untilTrialEnd(viewer, 60_000);
    await renewDue();
    const active = await subscription(after);
    expect(active).toMatchObject({
      status: 'active',
      plan: { code: 'standard' },
      max_height: 720,
      price_cents: 1900,
      scheduled_plan: null,
      current_period_start: ends,
    });
    const start = new Date(ends);
    start.setUTCMonth(start.getUTCMonth() + 1);
    expect(active.current_period_end).toBe(start.toISOString());
    expect((await payments(after)).map((p) => [p.amount_cents, p.status])).toEqual([[1900, 'succeeded']]);
  });

  it('shows no next billing date for a trial without a card, and a first payment once a plan is bought', async () => {
    const viewer = await billingViewer(t.app);
    expect(await subscription(viewer.client)).toMatchObject({
      status: 'trialing',
      next_billing_date: null,
      scheduled_plan: null,
      renewal_price_cents: null,
    });
    await pay(viewer.client, await openCheckout(viewer.client, 'basic'));
    expect((await subscription(viewer.client)).next_billing_date).toBe(await trialEnd(viewer));
  });

  it('another plan can be chosen before the trial ends, still for nothing now', async () => {
    const viewer = await billingViewer(t.app);
    await pay(viewer.client, await openCheckout(viewer.client, 'basic'));
    const premium = await planByCode(t.app, 'premium');
    const asked = await viewer.client.get(`/api/billing/change-plan/preview?plan_id=${premium.plan_id}`);
    expect(asked.json()).toMatchObject({
      kind: 'trial',
      amount_due_now_cents: 0,
      effective_at: await trialEnd(viewer),
      next_billing_date: await trialEnd(viewer),
    });
    const changed = await viewer.client.post('/api/billing/change-plan', { plan_id: premium.plan_id });
    expect(changed.json()).toMatchObject({ status: 'trialing', scheduled_plan: { code: 'premium' } });
    expect(await payments(viewer.client)).toEqual([]);
    const after = await untilTrialEnd(viewer, 60_000);
    await renewDue();
    expect(await subscription(after)).toMatchObject({ status: 'active', plan: { code: 'premium' } });
  });

  it('cancelling during the trial drops the plan bought: nothing is charged and the trial ends as usual', async () => {
    const viewer = await billingViewer(t.app);
    await pay(viewer.client, await openCheckout(viewer.client, 'premium'));
    const canceled = await viewer.client.post('/api/billing/cancel');
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({
      status: 'trialing',
      scheduled_plan: null,
      next_billing_date: null,
    });
    const after = await untilTrialEnd(viewer, 60_000);
    await renewDue();
    expect(await subscription(after)).toMatchObject({ status: 'expired', has_access: false });
    expect(await payments(after)).toEqual([]);
  });

  it('a first payment that fails leaves the plan bought past due, with grace', async () => {
    const viewer = await billingViewer(t.app);
    await pay(viewer.client, await openCheckout(viewer.client, 'standard'));
    expect((await saveDemoCard(viewer.client, CARD_FAILS_LATER)).statusCode).toBe(200);
    const after = await untilTrialEnd(viewer, 60_000);
    await renewDue();
    expect(await subscription(after)).toMatchObject({
      status: 'past_due',
      plan: { code: 'standard' },
      max_height: 720,
      has_access: true,
    });
    expect(await payments(after)).toEqual([
      expect.objectContaining({ amount_cents: 1900, status: 'failed' }),
    ]);
  });

  it('a checkout opened in the trial but paid after it ended is charged at once, its period starting then', async () => {
    const viewer = await billingViewer(t.app, 1);
    const client = await untilTrialEnd(viewer, -30 * 60_000);
    const session = await openCheckout(client, 'basic');
    const ends = await trialEnd(viewer);
    expect((await client.get(`/api/billing/demo/session/${session}`)).json().first_payment_at).toBe(ends);
    t.clock.advance(30 * 60_000);
    // The clock is exactly at the trial's end: it is over.
    expect(t.clock.now().toISOString()).toBe(ends);
    expect((await client.get(`/api/billing/demo/session/${session}`)).json().first_payment_at).toBeNull();
    const paid = await pay(client, session);
    expect(paid.json()).toMatchObject({ status: 'active' });
    expect(await subscription(client)).toMatchObject({
      status: 'active',
      plan: { code: 'basic' },
      current_period_start: ends,
    });
    expect((await payments(client)).map((p) => p.amount_cents)).toEqual([1900]);
  });
});
