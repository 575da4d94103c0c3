import type {
  BillingInterval,
  PaymentProviderName,
  PaymentStatus,
  SubscriptionReply,
} from '@salomtv/contract';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { MetricCounter } from '../../platform/metrics/metrics.js';
import type { SessionUser } from '../../platform/viewer-session.js';
import { statusChangesAt, type ViewerAccess, viewerAccess } from './access.js';
import type { AccountFacts, SubscriptionRow } from './account-billing.js';
import type { SubscriptionChangeKind, SubscriptionChangeRepo } from './change-repo.js';
import type { AccessReader } from './entitlements.js';
import type { PaymentRepo, PaymentRow } from './payment-repo.js';
import type { PlanRepo, PlanRow } from './plan-repo.js';
import type { PaymentProviders } from './providers/registry.js';
import type { SubscriptionRepo } from './subscription-repo.js';
import { paymentView, subscriptionView } from './subscription-view.js';

/** The demo provider's page where a viewer saves another test card (`POST /api/billing/demo/card`). */
export const DEMO_CARD_PAGE = '/userprofile/payment';

/** Reads the account facts billing needs (SubscriptionRepo reads them from the users table). */
export interface AccountLookup {
  accountFacts(userId: number): Promise<AccountFacts | undefined>;
}

export interface SubscriptionDeps {
  subscriptions: SubscriptionRepo;
  plans: PlanRepo;
  payments: PaymentRepo;
  changes: SubscriptionChangeRepo;
  accounts: AccountLookup;
  providers: PaymentProviders;
  clock: Clock;
  /** Payments recorded, by provider and outcome (the payment's status). */
  paymentsCounted: MetricCounter<'provider' | 'outcome'>;
}

export interface SubscriptionState {
  facts: AccountFacts;
  row: SubscriptionRow | undefined;
  plan: PlanRow | undefined;
  access: ViewerAccess;
}

export interface PaymentRecord {
  userId: number;
  subscriptionId: number | null;
  planId: number | null;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  provider: PaymentProviderName;
  providerRef: string | null;
  description: string;
  failureReason?: string | null;
}

/** A viewer account with a trial date gets its subscription row (trialing or expired) on first use. */
function needsTrialRow(row: SubscriptionRow | undefined, facts: AccountFacts): boolean {
  return !row && facts.role === 'user' && facts.trial_ends_at !== null;
}

/** The columns of an upgrade under way, emptied. */
export const NO_UPGRADE = {
  upgrade_plan_id: null,
  upgrade_price_cents: null,
  upgrade_invoice_id: null,
  upgrade_requested_at: null,
} as const;

export function paymentDescription(plan: PlanRow, interval: BillingInterval, renewal = false): string {
  return `${plan.name} plan, ${interval === 'year' ? 'yearly' : 'monthly'}${renewal ? ' renewal' : ''}`;
}

/** What an upgrade's prorated payment says in the payment history. */
export function upgradeDescription(plan: PlanRow): string {
  return `${plan.name} plan, upgrade for the rest of the period`;
}

/**
 * The subscription life cycle: the trial's row, the account page's view, cancel and undo, payments. Purchases
 * are in purchase-service.ts, plan changes in plan-change-service.ts, renewals in renewal-service.ts, the demo
 * checkout page in demo-checkout-service.ts, Stripe's events in stripe-webhook-service.ts. All dates come from the
 * injected clock.
 */
export class SubscriptionService implements AccessReader {
  /**
   * The access worked out for a kept session, until its status may change. A kept session is replaced, never
   * changed, when its account's billing changes (modules/accounts/auth/live-session-cache.ts), so the pair is dropped with it.
   */
  private readonly sessionAccess = new WeakMap<
    SessionUser,
    { access: ViewerAccess; fromMs: number; untilMs: number }
  >();

  constructor(private readonly deps: SubscriptionDeps) {}

  async state(userId: number): Promise<SubscriptionState> {
    const facts = await this.deps.accounts.accountFacts(userId);
    if (!facts) throw notFound('This account does not exist');
    const row = await this.ensureRow(userId, facts);
    const plan = row ? await this.deps.plans.findById(row.plan_id) : undefined;
    return { facts, row, plan, access: viewerAccess(facts, row, plan, this.deps.clock.now()) };
  }

  /**
   * The state without the row's creation: one read for the account, its subscription and its plan, or none
   * when they came with the viewer's session (`SubscriptionRepo.findLive`).
   */
  async accessFor(viewer: number | SessionUser): Promise<ViewerAccess> {
    const now = this.deps.clock.now();
    const kept = typeof viewer === 'number' ? undefined : this.sessionAccess.get(viewer);
    if (kept && kept.fromMs <= now.getTime() && now.getTime() < kept.untilMs) return kept.access;
    const userId = typeof viewer === 'number' ? viewer : viewer.user_id;
    const billing = typeof viewer === 'number' ? undefined : viewer.billing;
    const found = billing ?? (await this.deps.subscriptions.findWithAccount(userId));
    if (!found) throw notFound('This account does not exist');
    const { facts, row, plan } = found;
    // An account whose trial row is not written yet takes the full path, which writes it.
    if (needsTrialRow(row, facts)) return (await this.state(userId)).access;
    const access = Object.freeze(viewerAccess(facts, row, plan, now));
    // Only what came with a kept session is kept: a read of its own may be newer than the session's billing.
    if (billing && typeof viewer !== 'number')
      this.sessionAccess.set(viewer, {
        access,
        fromMs: now.getTime(),
        untilMs: statusChangesAt(row, facts, now),
      });
    return access;
  }

  async view(userId: number): Promise<SubscriptionReply> {
    const { access, row, facts } = await this.state(userId);
    const planOf = async (planId: number | null | undefined) =>
      planId == null ? undefined : this.deps.plans.findById(planId);
    return subscriptionView(access, row, facts, {
      scheduled: await planOf(row?.scheduled_plan_id),
      upgrade: await planOf(row?.upgrade_plan_id),
    });
  }

  /**
   * Tells the admins (their alerts) what the viewer just did, with the subscription's summary as it now is.
   */
  async recordChange(userId: number, kind: SubscriptionChangeKind, planId: number | null): Promise<void> {
    const { summary } = await this.view(userId);
    await this.deps.changes.insert({
      user_id: userId,
      kind,
      plan_id: planId,
      summary: summary.text,
      created_at: this.nowIso(),
    });
  }

  async payments(userId: number, page: number, pageSize: number) {
    const result = await this.deps.payments.listForUser(userId, page, pageSize);
    return { items: result.items.map(paymentView), total: result.total, page, pageSize };
  }

  /**
   * Cancel Membership: ends at the end of the paid period (a past-due subscription ends now). During the trial it
   * drops the plan bought for after it: the trial runs on and nothing is charged.
   */
  async cancel(userId: number): Promise<SubscriptionReply> {
    const { access, row } = await this.state(userId);
    const provider = row && this.deps.providers.of(row);
    if (row && access.status === 'trialing' && row.scheduled_plan_id !== null) {
      if (provider && row.provider_subscription_id) await provider.cancelNow(row);
      await this.deps.subscriptions.update(row.subscription_id, {
        scheduled_plan_id: null,
        next_attempt_at: null,
        provider_subscription_id: null,
        updated_at: this.nowIso(),
      });
    } else if (row && access.status === 'active') {
      if (row.cancel_at_period_end === 1) throw conflict('Your membership is already set to end');
      if (provider) await provider.setCancelAtPeriodEnd(row, true);
      await this.deps.subscriptions.update(row.subscription_id, {
        cancel_at_period_end: 1,
        next_attempt_at: null,
        updated_at: this.nowIso(),
      });
    } else if (row && access.status === 'past_due') {
      if (provider) await provider.cancelNow(row);
      const now = this.nowIso();
      await this.deps.subscriptions.update(row.subscription_id, {
        status: 'canceled',
        next_attempt_at: null,
        grace_until: null,
        ended_at: now,
        updated_at: now,
      });
    } else {
      throw conflict('There is no paid membership to cancel');
    }
    await this.recordChange(userId, 'cancel', row.scheduled_plan_id ?? row.plan_id);
    return this.view(userId);
  }

  /** Undo a cancellation before the period ends. */
  async resume(userId: number): Promise<SubscriptionReply> {
    const { access, row } = await this.state(userId);
    if (!row || access.status !== 'active' || row.cancel_at_period_end !== 1) {
      throw conflict('There is no cancellation to undo');
    }
    await this.deps.providers.of(row)?.setCancelAtPeriodEnd(row, false);
    await this.deps.subscriptions.update(row.subscription_id, {
      cancel_at_period_end: 0,
      next_attempt_at: row.provider === 'demo' ? row.current_period_end : null,
      updated_at: this.nowIso(),
    });
    await this.recordChange(userId, 'resume', row.plan_id);
    return this.view(userId);
  }

  /**
   * Update Payment info: the provider's page (Stripe's Billing Portal) or, in demo mode, our demo card page for a
   * paid (or past-due) demo subscription, else the pricing page to choose a plan.
   */
  async portal(userId: number): Promise<{ url: string }> {
    const row = await this.deps.subscriptions.findByUser(userId);
    const provider = row && this.deps.providers.of(row);
    if (provider?.name === 'demo' || (!provider && this.deps.providers.get('demo'))) {
      const { access } = await this.state(userId);
      const paid =
        access.status === 'active' ||
        access.status === 'past_due' ||
        (access.status === 'trialing' && row?.scheduled_plan_id != null);
      return { url: paid && provider?.name === 'demo' ? DEMO_CARD_PAGE : '/pricingplan' };
    }
    if (!row || !provider) {
      throw conflict('There is no payment method on file yet: choose a plan first');
    }
    return { url: await provider.portalUrl(row) };
  }

  async recordPayment(p: PaymentRecord): Promise<PaymentRow> {
    const row = await this.deps.payments.insert({
      user_id: p.userId,
      subscription_id: p.subscriptionId,
      plan_id: p.planId,
      amount_cents: p.amountCents,
      currency: p.currency,
      status: p.status,
      provider: p.provider,
      provider_ref: p.providerRef,
      description: p.description,
      failure_reason: p.failureReason ?? null,
      created_at: this.nowIso(),
    });
    this.deps.paymentsCounted.inc({ provider: p.provider, outcome: p.status });
    return row;
  }

  /** A succeeded payment given back to the viewer; false when it was refunded already. */
  async markRefunded(payment: PaymentRow): Promise<boolean> {
    if (!(await this.deps.payments.markRefunded(payment.payment_id))) return false;
    this.deps.paymentsCounted.inc({ provider: payment.provider, outcome: 'refunded' });
    return true;
  }

  async requireOfferedPlan(planId: number): Promise<PlanRow> {
    const plan = await this.deps.plans.findById(planId);
    if (!plan) throw notFound('This plan does not exist');
    if (plan.offered !== 1)
      throw badRequest('This plan is no longer offered', { plan_id: 'This plan is no longer offered' });
    return plan;
  }

  /**
   * An account with a free trial gets its subscription row at first look: trialing (with the richest plan's
   * stream limit) while the trial runs, expired after. Accounts without a trial (admins) have none.
   */
  private async ensureRow(userId: number, facts: AccountFacts): Promise<SubscriptionRow | undefined> {
    const existing = await this.deps.subscriptions.findByUser(userId);
    // (The second test only tells TypeScript what the first one knows.)
    if (!needsTrialRow(existing, facts) || facts.trial_ends_at === null) return existing;
    const top = await this.deps.plans.top();
    if (!top) return undefined;
    const now = this.nowIso();
    const running = now < facts.trial_ends_at;
    try {
      return await this.deps.subscriptions.insert({
        user_id: userId,
        plan_id: top.plan_id,
        status: running ? 'trialing' : 'expired',
        billing_interval: 'month',
        price_cents: 0,
        currency: top.currency,
        current_period_start: now,
        current_period_end: facts.trial_ends_at,
        cancel_at_period_end: 0,
        grace_until: null,
        next_attempt_at: null,
        provider: this.deps.providers.primary.name,
        provider_customer_id: null,
        provider_subscription_id: null,
        provider_payment_method: null,
        payment_method_summary: null,
        provider_event_at: null,
        ended_at: running ? null : facts.trial_ends_at,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      const raced = await this.deps.subscriptions.findByUser(userId);
      if (raced) return raced;
      throw error;
    }
  }

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }
}
