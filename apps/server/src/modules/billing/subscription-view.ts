import type { Payment, SubscriptionReply, SubscriptionSummary, SummaryPlan } from '@salomtv/contract';
import { type ViewerAccess, viewerAccess } from './access.js';
import type { AccountFacts, SubscriptionRow } from './account-billing.js';
import type { PaymentRow } from './payment-repo.js';
import { renewalTerms } from './plan-prices.js';
import type { PlanRow } from './plan-repo.js';
import { toPlan } from './plan-service.js';

/** The plans a subscription row points to besides its current one. */
export interface PlanChanges {
  /** `scheduled_plan_id`'s plan. */
  scheduled: PlanRow | undefined;
  /** `upgrade_plan_id`'s plan. */
  upgrade: PlanRow | undefined;
}

/** The account page's view of a subscription (GET /api/billing/subscription). */
export function subscriptionView(
  access: ViewerAccess,
  row: SubscriptionRow | undefined,
  facts: AccountFacts,
  changes: PlanChanges,
): SubscriptionReply {
  const { status } = access;
  const paid =
    row !== undefined &&
    (status === 'active' ||
      status === 'past_due' ||
      status === 'canceled' ||
      (status === 'expired' && row.price_cents > 0));
  const plan: PlanRow | null = paid ? access.plan : null;
  const renewing = status === 'active' && row?.cancel_at_period_end === 0;
  // A trial with a card saved has a plan bought for after it; a trial without one is charged nothing, ever.
  const trialPlan = status === 'trialing' ? (changes.scheduled ?? null) : null;
  const scheduled = trialPlan ?? (renewing ? (changes.scheduled ?? null) : null);
  const nextPlan = scheduled ?? plan;
  const pendingUpgrade =
    status === 'active' && changes.upgrade && row?.upgrade_invoice_id ? changes.upgrade : null;
  const nextBilling =
    (status === 'active' && renewing) || trialPlan
      ? row!.current_period_end
      : status === 'past_due'
        ? (row?.next_attempt_at ?? null)
        : null;
  const reply: Omit<SubscriptionReply, 'summary'> = {
    status,
    plan: plan ? toPlan(plan) : null,
    interval: paid || trialPlan ? row!.billing_interval : null,
    price_cents: paid ? row!.price_cents : null,
    currency: paid || trialPlan ? row!.currency : null,
    renewal_price_cents:
      nextPlan && (renewing || trialPlan || status === 'past_due')
        ? (renewalTerms(nextPlan, row!.billing_interval, row!.currency)?.priceCents ?? null)
        : null,
    current_period_start: paid ? row!.current_period_start : null,
    current_period_end: paid ? row!.current_period_end : null,
    next_billing_date: nextBilling,
    scheduled_plan: scheduled ? toPlan(scheduled) : null,
    scheduled_change_at: scheduled ? row!.current_period_end : null,
    pending_upgrade_plan: pendingUpgrade ? toPlan(pendingUpgrade) : null,
    cancel_at_period_end: status === 'active' && row?.cancel_at_period_end === 1,
    grace_until: status === 'past_due' ? (row?.grace_until ?? null) : null,
    trial_ends_at: facts.trial_ends_at,
    access_until: access.accessUntil,
    has_access: access.hasAccess,
    max_height: access.hasAccess ? access.maxHeight : null,
    preroll: access.preroll,
    max_streams: access.maxStreams,
    payment_method_summary: row?.payment_method_summary ?? null,
    provider: row && (paid || trialPlan) ? row.provider : null,
  };
  const pending: SubscriptionSummary['pending_change'] = trialPlan
    ? { kind: 'after_trial', plan: summaryPlan(trialPlan), at: row!.current_period_end }
    : scheduled
      ? { kind: 'downgrade', plan: summaryPlan(scheduled), at: row!.current_period_end }
      : pendingUpgrade
        ? { kind: 'upgrade', plan: summaryPlan(pendingUpgrade), at: null }
        : null;
  const summary = {
    status,
    trial: status === 'trialing',
    plan_now: plan ? summaryPlan(plan) : null,
    plan_next: nextPlan && reply.renewal_price_cents !== null ? summaryPlan(nextPlan) : null,
    next_charge_at: reply.renewal_price_cents !== null ? reply.next_billing_date : null,
    next_charge_cents: reply.renewal_price_cents,
    currency: reply.currency,
    pending_change: pending,
    cancel_at_period_end: reply.cancel_at_period_end,
    card: reply.payment_method_summary,
  };
  return { ...reply, summary: { ...summary, text: summaryText(summary, reply) } };
}

/**
 * The reply for an account whose facts, subscription and plans are at hand (the admin's lists and exports read
 * many at once): the same words as the viewer's own page.
 */
export function presentSubscription(
  facts: AccountFacts,
  row: SubscriptionRow | undefined,
  planById: (planId: number | null | undefined) => PlanRow | undefined,
  now: Date,
): SubscriptionReply {
  const access = viewerAccess(facts, row, planById(row?.plan_id), now);
  return subscriptionView(access, row, facts, {
    scheduled: planById(row?.scheduled_plan_id),
    upgrade: planById(row?.upgrade_plan_id),
  });
}

export function summaryPlan(plan: PlanRow): SummaryPlan {
  const { names, quality_label } = toPlan(plan);
  return { plan_id: plan.plan_id, name: plan.name, names, quality_label };
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '?');
const named = (plan: SummaryPlan) => `${plan.name} (${plan.quality_label})`;
const money = (cents: number, currency: string | null) =>
  `${(cents / 100).toFixed(2)} ${(currency ?? '').toUpperCase()}`.trim();

/** 'Free trial until 2026-07-01, then Standard (HD) at 19.00 USD from 2026-07-01; card Visa •••• 4242' and the like. */
function summaryText(
  s: Omit<SubscriptionSummary, 'text'>,
  reply: Omit<SubscriptionReply, 'summary'>,
): string {
  const next =
    s.plan_next && s.next_charge_cents !== null
      ? `${named(s.plan_next)} at ${money(s.next_charge_cents, s.currency)} from ${day(s.next_charge_at)}`
      : null;
  let text: string;
  if (s.trial) {
    text = `Free trial until ${day(reply.trial_ends_at ?? reply.access_until)}, ${next ? `then ${next}` : 'no plan chosen for after it'}`;
  } else if (s.plan_now && (s.status === 'active' || s.status === 'past_due')) {
    const paid = reply.price_cents !== null ? ` at ${money(reply.price_cents, s.currency)}` : '';
    text = `${named(s.plan_now)}${paid}`;
    if (s.status === 'past_due') text += `, payment failed: retried, access until ${day(reply.grace_until)}`;
    else if (s.cancel_at_period_end) text += `, cancels at period end (${day(reply.current_period_end)})`;
    else if (s.pending_change?.kind === 'downgrade') text += `, then ${next}`;
    else if (next) text += `, renews ${day(s.next_charge_at)}`;
    if (s.pending_change?.kind === 'upgrade')
      text += `, upgrade to ${named(s.pending_change.plan)} waiting for its payment`;
  } else {
    const ended = { canceled: 'Canceled', expired: 'Expired', none: 'No plan' } as const;
    text = s.status in ended ? ended[s.status as keyof typeof ended] : s.status;
    if (s.plan_now) text += ` (was ${named(s.plan_now)})`;
  }
  return `${text}; ${s.card ? `card ${s.card}` : 'no card'}`;
}

export function paymentView(row: PaymentRow): Payment {
  return {
    payment_id: row.payment_id,
    user_id: row.user_id,
    subscription_id: row.subscription_id,
    amount_cents: row.amount_cents,
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    provider_ref: row.provider_ref,
    description: row.description,
    failure_reason: row.failure_reason,
    created_at: row.created_at,
  };
}
