import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingViewer,
  buyWithDemo,
  CARD_FAILS_LATER,
  CARD_OK,
  DAY_MS,
  planByCode,
} from '../../test/billing.js';
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness.js';

describe('subscription life cycle (demo provider, controlled clock)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const renewDue = () => t.app.container.services.renewal.renewDue();
  const subscriptionOf = async (userId: number) => t.app.container.services.subscriptions.view(userId);

  it('starts with the 30-day trial at full access, then expires without a purchase', async () => {
    const viewer = await billingViewer(t.app);
    const first = await viewer.client.get('/api/billing/subscription');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'trialing',
      plan: null,
      has_access: true,
      max_height: 1080,
      preroll: false,
      next_billing_date: null,
    });
    expect(first.json().access_until).toBe(first.json().trial_ends_at);

    t.clock.advance(29 * DAY_MS);
    expect((await subscriptionOf(viewer.userId)).status).toBe('trialing');

    t.clock.advance(1 * DAY_MS + 1000);
    // Even before the timer runs, the trial no longer gives access.
    expect(await subscriptionOf(viewer.userId)).toMatchObject({
      status: 'expired',
      has_access: false,
      max_height: null,
    });
    const report = await renewDue();
    expect(report.expired).toBeGreaterThanOrEqual(1);
    const row = await t.app.container.repos.subscriptions.findByUser(viewer.userId);
    expect(row?.status).toBe('expired');
    expect(await t.app.container.services.entitlements.capFor(viewer.userId)).toBeNull();
  });

  it('a purchase after the trial makes the subscription active for one month and records the payment', async () => {
    const viewer = await billingViewer(t.app, null);
    const start = t.clock.now();
    const paid = await buyWithDemo(t.app, viewer.client, 'standard');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'active', redirect: '/userprofile?checkout=success' });

    const sub = (await viewer.client.get('/api/billing/subscription')).json();
    expect(sub).toMatchObject({
      status: 'active',
      interval: 'month',
      price_cents: 1900,
      currency: 'USD',
      cancel_at_period_end: false,
      has_access: true,
      max_height: 720,
      preroll: true,
      max_streams: 2,
      payment_method_summary: 'Visa •••• 4242',
      provider: 'demo',
    });
    expect(sub.plan).toMatchObject({ code: 'standard', quality_label: 'HD' });
    expect(sub.current_period_start).toBe(start.toISOString());
    const expectedEnd = new Date(start);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(sub.current_period_end).toBe(expectedEnd.toISOString());
    expect(sub.next_billing_date).toBe(sub.current_period_end);

    const payments = (await viewer.client.get('/api/billing/payments')).json();
    expect(payments.total).toBe(1);
    expect(payments.items[0]).toMatchObject({
      amount_cents: 1900,
      currency: 'USD',
      status: 'succeeded',
      provider: 'demo',
    });

    // A second checkout while active is refused: Change plan is the way.
    const plan = await planByCode(t.app, 'basic');
    expect((await viewer.client.post('/api/billing/checkout', { plan_id: plan.plan_id })).statusCode).toBe(
      409,
    );
  });

  it('renews at the end of the period at the plan price then in force, not before', async () => {
    const viewer = await billingViewer(t.app, null);
    await buyWithDemo(t.app, viewer.client, 'platinum');
    const before = await subscriptionOf(viewer.userId);

    // The admin raises Platinum's price: the current period keeps what was paid.
    const admin = await signedInAdmin(t.app);
    const platinum = await planByCode(t.app, 'platinum');
    const raised = await admin.post(`/api/admin/plans/${platinum.plan_id}`, { monthly_price_cents: 2500 });
    expect(raised.statusCode).toBe(200);
    expect(await subscriptionOf(viewer.userId)).toMatchObject({
      price_cents: 1900,
      renewal_price_cents: 2500,
    });

    // Nothing is due a day early.
    t.clock.advance(new Date(before.current_period_end!).getTime() - t.clock.now().getTime() - DAY_MS);
    await renewDue();
    expect((await subscriptionOf(viewer.userId)).current_period_end).toBe(before.current_period_end);

    t.clock.advance(DAY_MS + 60_000);
    const report = await renewDue();
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    const after = await subscriptionOf(viewer.userId);
    expect(after).toMatchObject({ status: 'active', price_cents: 2500 });
    // The new period follows on from the old one.
    expect(after.current_period_start).toBe(before.current_period_end);
    expect(new Date(after.current_period_end!).getTime()).toBeGreaterThan(
      new Date(before.current_period_end!).getTime(),
    );

    const payments = await t.app.container.services.subscriptions.payments(viewer.userId, 1, 20);
    expect(payments.items.map((p) => [p.amount_cents, p.status])).toEqual([
      [2500, 'succeeded'],
      [1900, 'succeeded'],
    ]);
    // A second pass right away charges nothing more.
    await renewDue();
    expect((await t.app.container.services.subscriptions.payments(viewer.userId, 1, 20)).total).toBe(2);
    await admin.post(`/api/admin/plans/${platinum.plan_id}`, { monthly_price_cents: 1900 });
  });

  it('a failed renewal makes it past due with 7 days of grace, then expired', async () => {
    const viewer = await billingViewer(t.app, null);
    await buyWithDemo(t.app, viewer.client, 'basic');
    // A card that saves fine but whose later charges fail.
    const saved = await viewer.client.post('/api/billing/demo/card', {
      card_number: CARD_FAILS_LATER,
      exp: '12/30',
      cvc: '123',
      name: 'Test Viewer',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().payment_method_summary).toBe('Visa •••• 0341');
    const periodEnd = new Date((await subscriptionOf(viewer.userId)).current_period_end!);

    t.clock.advance(periodEnd.getTime() - t.clock.now().getTime() + 60_000);
    const report = await renewDue();
    expect(report.failed).toBeGreaterThanOrEqual(1);
    const pastDue = await subscriptionOf(viewer.userId);
    expect(pastDue).toMatchObject({ status: 'past_due', has_access: true, max_height: 480 });
    const graceUntil = new Date(pastDue.grace_until!);
    expect(graceUntil.getTime() - t.clock.now().getTime()).toBe(7 * DAY_MS);
    const failed = await t.app.container.services.subscriptions.payments(viewer.userId, 1, 20);
    expect(failed.items[0]).toMatchObject({ status: 'failed', amount_cents: 1900 });
    expect(failed.items[0]!.failure_reason).toBeTruthy();

    // Retried daily while the grace lasts, each attempt recorded.
    t.clock.advance(DAY_MS + 1000);
    await renewDue();
    expect((await subscriptionOf(viewer.userId)).status).toBe('past_due');
    const attempts = (
      await t.app.container.services.subscriptions.payments(viewer.userId, 1, 20)
    ).items.filter((p) => p.status === 'failed');
    expect(attempts).toHaveLength(2);

    t.clock.advance(graceUntil.getTime() - t.clock.now().getTime() + 1000);
    await renewDue();
    const ended = await subscriptionOf(viewer.userId);
    expect(ended).toMatchObject({ status: 'expired', has_access: false });
    expect((await t.app.container.repos.subscriptions.findByUser(viewer.userId))?.status).toBe('expired');
  });

  it('a past-due viewer who saves a working card is charged at once and active again', async () => {
    const viewer = await billingViewer(t.app, null);
    await buyWithDemo(t.app, viewer.client, 'standard');
    await viewer.client.post('/api/billing/demo/card', {
      card_number: CARD_FAILS_LATER,
      exp: '12/30',
      cvc: '123',
      name: 'V',
    });
    const periodEnd = new Date((await subscriptionOf(viewer.userId)).current_period_end!);
    t.clock.advance(periodEnd.getTime() - t.clock.now().getTime() + 60_000);
    await renewDue();
    expect((await subscriptionOf(viewer.userId)).status).toBe('past_due');

    const client = await viewer.relogin();
    const fixed = await client.post('/api/billing/demo/card', {
      card_number: CARD_OK,
      exp: '12/30',
      cvc: '123',
      name: 'V',
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({
      status: 'active',
      grace_until: null,
      payment_method_summary: 'Visa •••• 4242',
    });
    expect(fixed.json().current_period_start).toBe(t.clock.now().toISOString());
  });

  it('cancel keeps access until the period ends; undo restores renewal; after the end it is canceled', async () => {
    const viewer = await billingViewer(t.app, null);
    await buyWithDemo(t.app, viewer.client, 'premium');
    const canceled = await viewer.client.post('/api/billing/cancel');
    expect(canceled.statusCode).toBe(200);
    const pending = canceled.json();
    expect(pending).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      has_access: true,
      next_billing_date: null,
    });
    expect(pending.access_until).toBe(pending.current_period_end);
    expect((await viewer.client.post('/api/billing/cancel')).statusCode).toBe(409);

    const resumed = await viewer.client.post('/api/billing/resume');
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json()).toMatchObject({
      cancel_at_period_end: false,
      next_billing_date: pending.current_period_end,
    });
    expect((await viewer.client.post('/api/billing/resume')).statusCode).toBe(409);

    await viewer.client.post('/api/billing/cancel');
    const end = new Date(pending.current_period_end);
    t.clock.advance(end.getTime() - t.clock.now().getTime() - 60_000);
    expect(await subscriptionOf(viewer.userId)).toMatchObject({ status: 'active', has_access: true });
    t.clock.advance(120_000);
    expect(await subscriptionOf(viewer.userId)).toMatchObject({ status: 'canceled', has_access: false });
    await renewDue();
    expect((await t.app.container.repos.subscriptions.findByUser(viewer.userId))?.status).toBe('canceled');
    // No charge was made at the end.
    expect((await t.app.container.services.subscriptions.payments(viewer.userId, 1, 20)).total).toBe(1);

    // A canceled viewer can subscribe again.
    const client = await viewer.relogin();
    expect((await client.post('/api/billing/resume')).statusCode).toBe(409);
    const again = await buyWithDemo(t.app, client, 'basic');
    expect(again.statusCode).toBe(200);
    expect(await subscriptionOf(viewer.userId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
    });
  });

  it('refuses change plan and cancel during the trial, and a plan that is not offered', async () => {
    const viewer = await billingViewer(t.app);
    const basic = await planByCode(t.app, 'basic');
    expect(
      (await viewer.client.post('/api/billing/change-plan', { plan_id: basic.plan_id })).statusCode,
    ).toBe(409);
    expect((await viewer.client.post('/api/billing/cancel')).statusCode).toBe(409);
    expect((await viewer.client.post('/api/billing/checkout', { plan_id: 9999 })).statusCode).toBe(404);
    const bad = await viewer.client.post('/api/billing/checkout', {
      plan_id: basic.plan_id,
      interval: 'week',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.interval).toBeTruthy();
  });

  it('a yearly purchase runs for a year at the yearly price', async () => {
    const viewer = await billingViewer(t.app, null);
    const start = t.clock.now();
    const paid = await buyWithDemo(t.app, viewer.client, 'standard', { interval: 'year' });
    expect(paid.statusCode).toBe(200);
    const sub = await subscriptionOf(viewer.userId);
    expect(sub).toMatchObject({ interval: 'year', price_cents: 19000 });
    const end = new Date(start);
    end.setUTCFullYear(end.getUTCFullYear() + 1);
    expect(sub.current_period_end).toBe(end.toISOString());
  });
});
