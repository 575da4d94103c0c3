import type { BillingInterval, CheckoutStatusReply, PaymentProviderName } from '@salomtv/contract';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { randomToken } from '../../lib/tokens.js';
import type { AccountFacts, SubscriptionRow } from './account-billing.js';
import { trialRunning } from './billing-periods.js';
import type { CheckoutRepo, CheckoutRow } from './checkout-repo.js';
import { planPrice, pricesOf } from './plan-prices.js';
import type { PlanRepo, PlanRow } from './plan-repo.js';
import type { PaymentProviders } from './providers/registry.js';
import type { SubscriptionRepo } from './subscription-repo.js';
import { NO_UPGRADE, type SubscriptionService } from './subscription-service.js';
import { summaryPlan } from './subscription-view.js';

/** A paid period starting: what checkout, a provider webhook or a renewal hands over. */
export interface Activation {
  userId: number;
  plan: PlanRow;
  interval: BillingInterval;
  priceCents: number;
  currency: string;
  provider: PaymentProviderName;
  periodStart: Date;
  periodEnd: Date;
  customerId?: string | null;
  providerSubscriptionId?: string | null;
  paymentMethod?: string | null;
  paymentSummary?: string | null;
  eventAt?: string | null;
}

/** A plan bought during the free trial: the card is saved now and first charged when the trial ends. */
export interface TrialChoice {
  userId: number;
  plan: PlanRow;
  interval: BillingInterval;
  /** The checkout's currency: the trial's first payment is charged in it. */
  currency: string;
  provider: PaymentProviderName;
  customerId?: string | null;
  providerSubscriptionId?: string | null;
  paymentMethod?: string | null;
  paymentSummary?: string | null;
  eventAt?: string | null;
}

/** A session past its time and never paid is expired. */
export function checkoutStatus(session: CheckoutRow, now: Date): CheckoutStatusReply['status'] {
  if (session.status === 'open' && now.toISOString() >= session.expires_at) return 'expired';
  return session.status;
}

/** How long a checkout page stays payable. */
export const CHECKOUT_TTL_MS = 60 * 60 * 1000;

export interface PurchaseDeps {
  subscriptions: SubscriptionRepo;
  checkouts: CheckoutRepo;
  plans: PlanRepo;
  providers: PaymentProviders;
  service: SubscriptionService;
  clock: Clock;
}

/**
 * Buying a plan: the checkout with the provider, then either a paid period starting now, or, bought during the
 * free trial, the plan kept for the trial's end (nothing is charged before it).
 */
export class PurchaseService {
  constructor(private readonly deps: PurchaseDeps) {}

  /**
   * Starts a checkout in `currency` (default: the plan's own) through the provider named (default: the first that
   * takes the currency) and answers the page to send the viewer to.
   */
  async startCheckout(
    userId: number,
    choice: {
      planId: number;
      interval: BillingInterval;
      currency?: string | undefined;
      provider?: PaymentProviderName | undefined;
    },
  ): Promise<{ url: string; session_id: string }> {
    const { planId, interval } = choice;
    const { access, row, facts } = await this.deps.service.state(userId);
    if (access.status === 'active' || access.status === 'past_due') {
      throw conflict(
        access.status === 'active'
          ? 'You already have a plan: use Change plan to switch'
          : 'Your last payment failed: update your payment method instead',
      );
    }
    const plan = await this.deps.service.requireOfferedPlan(planId);
    const currency = choice.currency ?? plan.currency;
    if (!pricesOf(plan)[currency]) {
      throw badRequest(`The ${plan.name} plan is not sold in ${currency}`, {
        currency: `Choose one of ${Object.keys(pricesOf(plan)).join(', ')}`,
      });
    }
    const price = planPrice(plan, interval, currency);
    if (price === null)
      throw badRequest('This plan has no yearly price', { interval: 'This plan is billed monthly only' });
    const provider = this.deps.providers.choose(currency, choice.provider);
    const now = this.deps.clock.now();
    const sessionId = randomToken(18);
    const expiresAt = new Date(now.getTime() + CHECKOUT_TTL_MS);
    await this.deps.checkouts.insert({
      session_id: sessionId,
      user_id: userId,
      plan_id: plan.plan_id,
      billing_interval: interval,
      price_cents: price,
      currency,
      provider: provider.name,
      provider_session_id: null,
      status: 'open',
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      completed_at: null,
    });
    const checkout = await provider.createCheckout({
      sessionId,
      userId,
      plan,
      interval,
      priceCents: price,
      currency,
      customerId: row?.provider === provider.name ? row.provider_customer_id : null,
      now,
      expiresAt,
      firstPaymentAt: this.firstPaymentAt(facts, now),
    });
    if (checkout.providerSessionId)
      await this.deps.checkouts.setProviderSession(sessionId, checkout.providerSessionId);
    return { url: checkout.url, session_id: sessionId };
  }

  /** The viewer's own checkout as it stands (the return page polls it); anyone else's is not found. */
  async checkoutStatus(userId: number, sessionId: string): Promise<CheckoutStatusReply> {
    const session = await this.deps.checkouts.find(sessionId);
    const plan = session?.user_id === userId && (await this.deps.plans.findById(session.plan_id));
    if (!session || !plan) throw notFound('This checkout does not exist');
    return {
      session_id: session.session_id,
      status: checkoutStatus(session, this.deps.clock.now()),
      plan: summaryPlan(plan),
      interval: session.billing_interval,
      price_cents: session.price_cents,
      currency: session.currency,
      provider: session.provider,
    };
  }

  /** Starts (or restarts) a paid period. */
  async activate(a: Activation): Promise<SubscriptionRow> {
    const existing = await this.deps.subscriptions.findByUser(a.userId);
    const sameProvider = existing?.provider === a.provider;
    const now = this.deps.clock.now().toISOString();
    const values = {
      plan_id: a.plan.plan_id,
      status: 'active' as const,
      billing_interval: a.interval,
      price_cents: a.priceCents,
      currency: a.currency,
      current_period_start: a.periodStart.toISOString(),
      current_period_end: a.periodEnd.toISOString(),
      cancel_at_period_end: 0,
      grace_until: null,
      next_attempt_at: a.provider === 'demo' ? a.periodEnd.toISOString() : null,
      provider: a.provider,
      provider_customer_id: a.customerId ?? (sameProvider ? existing.provider_customer_id : null),
      provider_subscription_id: a.providerSubscriptionId ?? null,
      provider_payment_method: a.paymentMethod ?? (sameProvider ? existing.provider_payment_method : null),
      payment_method_summary: a.paymentSummary ?? (sameProvider ? existing.payment_method_summary : null),
      provider_event_at: a.eventAt ?? existing?.provider_event_at ?? null,
      billing_anchor: a.periodStart.toISOString(),
      scheduled_plan_id: null,
      ...NO_UPGRADE,
      ended_at: null,
      updated_at: now,
    };
    if (existing) {
      await this.deps.subscriptions.update(existing.subscription_id, values);
      return (await this.deps.subscriptions.findById(existing.subscription_id))!;
    }
    try {
      return await this.deps.subscriptions.insert({ ...values, user_id: a.userId, created_at: now });
    } catch (error) {
      // A trial row created at the same moment: update it instead.
      const raced = await this.deps.subscriptions.findByUser(a.userId);
      if (!raced) throw error;
      await this.deps.subscriptions.update(raced.subscription_id, values);
      return (await this.deps.subscriptions.findById(raced.subscription_id))!;
    }
  }

  /**
   * Keeps the trial after a purchase during it: the trialing row takes the plan (as the plan scheduled for the
   * trial's end) and the saved payment method; the trial's own access is untouched. False when the trial is no
   * longer running, so the caller charges now instead.
   */
  async chooseDuringTrial(c: TrialChoice): Promise<boolean> {
    const { facts, row } = await this.deps.service.state(c.userId);
    const now = this.deps.clock.now();
    if (row?.status !== 'trialing' || !trialRunning(facts.trial_ends_at, now)) return false;
    const trialEnd = facts.trial_ends_at!;
    const sameProvider = row.provider === c.provider;
    return this.deps.subscriptions.updateIf(
      row.subscription_id,
      { status: 'trialing' },
      {
        scheduled_plan_id: c.plan.plan_id,
        billing_interval: c.interval,
        currency: c.currency,
        current_period_end: trialEnd,
        // We charge the demo card at the trial's end; Stripe charges its own and reports by webhook.
        next_attempt_at: c.provider === 'demo' ? trialEnd : null,
        provider: c.provider,
        provider_customer_id: c.customerId ?? (sameProvider ? row.provider_customer_id : null),
        provider_subscription_id: c.providerSubscriptionId ?? null,
        provider_payment_method: c.paymentMethod ?? null,
        payment_method_summary: c.paymentSummary ?? null,
        provider_event_at: c.eventAt ?? row.provider_event_at,
        updated_at: now.toISOString(),
      },
    );
  }

  /** A purchase now is first charged at the trial's end while the trial runs. */
  firstPaymentAt(facts: AccountFacts, now: Date): Date | null {
    return trialRunning(facts.trial_ends_at, now) ? new Date(facts.trial_ends_at!) : null;
  }
}
