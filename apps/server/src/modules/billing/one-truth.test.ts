import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingViewer, buyWithDemo, planByCode, setPlanPrices } from '../../test/billing.js';
import { createTestApp, signedInAdmin, type TestApp, type TestClient } from '../../test/harness.js';
import { csvOf, csvSays, subscriptionViews } from '../../test/subscription-views.js';

/** The viewer's page, the admin's screens, the CSV and the alerts tell one subscription the same way. */
describe('one truth about a subscription', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    await setPlanPrices(t.app, {
      basic: { monthly: 900, yearly: null },
      standard: { monthly: 1400, yearly: null },
      platinum: { monthly: 2500, yearly: null },
      premium: { monthly: 2900, yearly: null },
    });
  });
  afterAll(() => t.close());

  const alertsOf = async (phone: string) =>
    ((await admin.get('/api/admin/alerts')).json().items as { kind: string; title: string; detail: string }[])
      .filter((alert) => alert.detail.startsWith(phone))
      .reverse();

  it('Basic, then Premium, cancelled, then Standard during the trial: every screen says Standard after the trial, with the card kept', async () => {
    const v = await billingViewer(t.app);
    expect((await buyWithDemo(t.app, v.client, 'basic')).statusCode).toBe(200);
    const premium = await planByCode(t.app, 'premium');
    t.clock.advance(60_000);
    expect((await v.client.post('/api/billing/change-plan', { plan_id: premium.plan_id })).statusCode).toBe(
      200,
    );
    t.clock.advance(60_000);
    expect((await v.client.post('/api/billing/cancel')).statusCode).toBe(200);

    // After the cancel the card is still on file, and every screen says so.
    const canceled = await subscriptionViews(admin, v.client, v.userId);
    expect(canceled.viewer.summary).toMatchObject({
      trial: true,
      plan_next: null,
      pending_change: null,
      card: 'Visa •••• 4242',
    });
    expect(canceled.viewer.payment_method_summary).toBe('Visa •••• 4242');

    // Buying again offers the saved card.
    const standard = await planByCode(t.app, 'standard');
    const checkout = await v.client.post('/api/billing/checkout', {
      plan_id: standard.plan_id,
      interval: 'month',
    });
    const session = checkout.json().session_id as string;
    expect((await v.client.get(`/api/billing/demo/session/${session}`)).json()).toMatchObject({
      saved_card: 'Visa •••• 4242',
    });
    t.clock.advance(60_000);
    const paid = await v.client.post('/api/billing/demo/pay-saved', { session });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'trialing', payment_id: null });

    const views = await subscriptionViews(admin, v.client, v.userId);
    const trialEnd = views.viewer.trial_ends_at;
    expect(views.viewer.summary).toMatchObject({
      status: 'trialing',
      trial: true,
      plan_now: null,
      plan_next: { name: 'Standard', quality_label: 'HD' },
      next_charge_at: trialEnd,
      next_charge_cents: 1400,
      pending_change: { kind: 'after_trial', plan: { name: 'Standard' }, at: trialEnd },
      cancel_at_period_end: false,
      card: 'Visa •••• 4242',
    });
    expect(views.list).toMatchObject({ plan_name: 'Free trial', summary: views.viewer.summary });
    // The list filtered by plan finds the trial under the plan chosen for after it, not under Premium.
    const listed = async (planId: number) =>
      (
        (await admin.get(`/api/admin/subscriptions?plan_id=${planId}&pageSize=100`)).json().items as {
          user_id: number;
        }[]
      ).some((row) => row.user_id === v.userId);
    expect(await listed(standard.plan_id)).toBe(true);
    expect(await listed(premium.plan_id)).toBe(false);
    expect(views.userPage.summary).toEqual(views.viewer.summary);
    expect(csvSays(views.csv!)).toEqual(csvOf(views.viewer.summary));
    expect(views.csv).toMatchObject({
      plan: 'Free trial',
      plan_next: 'Standard',
      cancel_at_period_end: 'no',
    });

    // Each step reached the admin's alerts, in order.
    expect((await alertsOf(v.phone)).map((alert) => [alert.kind, alert.title])).toEqual([
      ['new_subscription', 'New subscription: Basic'],
      ['subscription_changed', 'Plan changed: Premium'],
      ['subscription_changed', 'Membership cancelled'],
      ['new_subscription', 'New subscription: Standard'],
    ]);
    expect((await alertsOf(v.phone)).at(-1)!.detail).toBe(`${v.phone}: ${views.viewer.summary.text}`);
    expect(views.viewer.summary.text).toContain('then Standard (HD) at 14.00 USD');
  });

  it('a scheduled downgrade, its undo, a cancel and a resume of a paid plan reach the alerts, and every screen agrees', async () => {
    const v = await billingViewer(t.app, null);
    expect((await buyWithDemo(t.app, v.client, 'premium')).statusCode).toBe(200);
    const basic = await planByCode(t.app, 'basic');
    t.clock.advance(60_000);
    expect((await v.client.post('/api/billing/change-plan', { plan_id: basic.plan_id })).statusCode).toBe(
      200,
    );
    const scheduled = await subscriptionViews(admin, v.client, v.userId);
    expect(scheduled.viewer.summary).toMatchObject({
      plan_now: { name: 'Premium' },
      plan_next: { name: 'Basic' },
      pending_change: { kind: 'downgrade', plan: { name: 'Basic' } },
    });
    expect(scheduled.list!.summary).toEqual(scheduled.viewer.summary);
    expect(csvSays(scheduled.csv!)).toEqual(csvOf(scheduled.viewer.summary));
    t.clock.advance(60_000);
    expect((await v.client.post('/api/billing/change-plan/undo')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await v.client.post('/api/billing/cancel')).statusCode).toBe(200);
    const canceled = await subscriptionViews(admin, v.client, v.userId);
    expect(canceled.viewer.summary).toMatchObject({ cancel_at_period_end: true, plan_next: null });
    expect(canceled.list!.summary).toEqual(canceled.viewer.summary);
    expect(canceled.csv!.cancel_at_period_end).toBe('yes');
    t.clock.advance(60_000);
    expect((await v.client.post('/api/billing/resume')).statusCode).toBe(200);
    expect((await alertsOf(v.phone)).map((alert) => alert.title)).toEqual([
      'New subscription: Premium',
      'Downgrade scheduled: Basic',
      'Plan change undone: Premium',
      'Membership cancelled',
      'Membership resumed',
    ]);
  });
});
