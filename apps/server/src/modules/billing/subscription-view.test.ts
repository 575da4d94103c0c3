import { describe, expect, it } from 'vitest';
import type { AccountFacts, SubscriptionRow } from './account-billing.js';
import type { PlanRow } from './plan-repo.js';
import { presentSubscription } from './subscription-view.js';

const DAY = 86_400_000;
const now = new Date('2026-03-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

function plan(plan_id: number, name: string, cents: number, cap: number): PlanRow {
  return {
    plan_id,
    code: name.toLowerCase(),
    name,
    names: '{}',
    monthly_price_cents: cents,
    yearly_price_cents: null,
    currency: 'USD',
    prices: '{}',
    quality_cap: cap,
    new_movies: 1,
    salomtv_special: 1,
    america_tv_shows: 1,
    hollywood_movies: 1,
    video_quality: 1,
    add_free_entertainment: 1,
    max_streams: 2,
    max_profiles: 5,
    offered: 1,
    sort_order: plan_id,
    created_at: iso(0),
    updated_at: iso(0),
  };
}
const plans = new Map([
  [1, plan(1, 'Basic', 900, 480)],
  [2, plan(2, 'Standard', 1400, 720)],
  [4, plan(4, 'Premium', 2900, 1080)],
]);
const planById = (id: number | null | undefined) => (id == null ? undefined : plans.get(id));

function row(fields: Partial<SubscriptionRow>): SubscriptionRow {
  return {
    subscription_id: 1,
    user_id: 1,
    plan_id: 4,
    status: 'active',
    billing_interval: 'month',
    price_cents: 2900,
    currency: 'USD',
    current_period_start: iso(now.getTime() - 10 * DAY),
    current_period_end: iso(now.getTime() + 20 * DAY),
    cancel_at_period_end: 0,
    grace_until: null,
    next_attempt_at: null,
    provider: 'demo',
    provider_customer_id: null,
    provider_subscription_id: null,
    provider_payment_method: 'demo_pm_ok_4242_x',
    payment_method_summary: 'Visa •••• 4242',
    provider_event_at: null,
    scheduled_plan_id: null,
    upgrade_plan_id: null,
    upgrade_price_cents: null,
    upgrade_invoice_id: null,
    upgrade_requested_at: null,
    billing_anchor: null,
    ended_at: null,
    created_at: iso(0),
    updated_at: iso(0),
    ...fields,
  };
}

const trialEnds = iso(now.getTime() + 20 * DAY);
const inTrial: AccountFacts = { role: 'user', trial_ends_at: trialEnds };
const paidFacts: AccountFacts = { role: 'user', trial_ends_at: iso(now.getTime() - 60 * DAY) };
const summary = (facts: AccountFacts, r: SubscriptionRow) =>
  presentSubscription(facts, r, planById, now).summary;

describe('the summary every screen reads', () => {
  it("during the trial: the plan chosen for after it, never the trial row's own plan", () => {
    const s = summary(
      inTrial,
      row({ status: 'trialing', price_cents: 0, scheduled_plan_id: 2, current_period_end: trialEnds }),
    );
    expect(s).toMatchObject({
      trial: true,
      plan_now: null,
      plan_next: { name: 'Standard', quality_label: 'HD' },
      next_charge_at: trialEnds,
      next_charge_cents: 1400,
      pending_change: { kind: 'after_trial', plan: { name: 'Standard' } },
      card: 'Visa •••• 4242',
    });
    expect(s.text).toBe(
      'Free trial until 2026-03-21, then Standard (HD) at 14.00 USD from 2026-03-21; card Visa •••• 4242',
    );
  });

  it('during the trial after a cancel: no plan after it, the card still on file', () => {
    const s = summary(inTrial, row({ status: 'trialing', price_cents: 0, current_period_end: trialEnds }));
    expect(s).toMatchObject({ trial: true, plan_next: null, pending_change: null, card: 'Visa •••• 4242' });
    expect(s.text).toBe('Free trial until 2026-03-21, no plan chosen for after it; card Visa •••• 4242');
  });

  it('a paid plan with a downgrade waiting, set to cancel, past due', () => {
    const down = summary(paidFacts, row({ scheduled_plan_id: 1 }));
    expect(down).toMatchObject({
      plan_now: { name: 'Premium' },
      plan_next: { name: 'Basic' },
      next_charge_cents: 900,
      pending_change: { kind: 'downgrade', plan: { name: 'Basic' } },
    });
    expect(down.text).toBe(
      'Premium (FHD) at 29.00 USD, then Basic (SD) at 9.00 USD from 2026-03-21; card Visa •••• 4242',
    );
    const canceling = summary(paidFacts, row({ cancel_at_period_end: 1, scheduled_plan_id: 1 }));
    expect(canceling).toMatchObject({ cancel_at_period_end: true, plan_next: null, pending_change: null });
    expect(canceling.text).toBe(
      'Premium (FHD) at 29.00 USD, cancels at period end (2026-03-21); card Visa •••• 4242',
    );
    const pastDue = summary(
      paidFacts,
      row({
        status: 'past_due',
        grace_until: iso(now.getTime() + 5 * DAY),
        next_attempt_at: iso(now.getTime() + DAY),
      }),
    );
    expect(pastDue).toMatchObject({
      plan_now: { name: 'Premium' },
      plan_next: { name: 'Premium' },
      next_charge_cents: 2900,
    });
    expect(pastDue.text).toContain('payment failed');
  });
});
