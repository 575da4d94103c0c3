import type { Payment, SubscriptionReply } from '@salomtv/contract';
import type { ViewerAccess } from './access.js';
import type { AccountFacts, SubscriptionRow } from './account-billing.js';
import type { PaymentRow } from './payment-repo.js';
import type { PlanRow } from './plan-repo.js';
import { renewalTerms, toPlan } from './plan-service.js';

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
  const nextBilling =
    (status === 'active' && renewing) || trialPlan
      ? row!.current_period_end
      : status === 'past_due'
        ? (row?.next_attempt_at ?? null)
        : null;
  return {
    status,
    plan: plan ? toPlan(plan) : null,
    interval: paid || trialPlan ? row!.billing_interval : null,
    price_cents: paid ? row!.price_cents : null,
    currency: paid || trialPlan ? row!.currency : null,
    renewal_price_cents:
      nextPlan && (renewing || trialPlan || status === 'past_due')
        ? renewalTerms(nextPlan, row!.billing_interval).priceCents
        : null,
    current_period_start: paid ? row!.current_period_start : null,
    current_period_end: paid ? row!.current_period_end : null,
    next_billing_date: nextBilling,
    scheduled_plan: scheduled ? toPlan(scheduled) : null,
    scheduled_change_at: scheduled ? row!.current_period_end : null,
    pending_upgrade_plan:
      status === 'active' && changes.upgrade && row?.upgrade_invoice_id ? toPlan(changes.upgrade) : null,
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
