import type { PaymentProviderName } from '@salomtv/contract';
import type { Clock } from '../../lib/clock.js';
import { addIntervals } from './billing-periods.js';
import type { CheckoutRow } from './checkout-repo.js';
import type { PaymentRepo, PaymentRow } from './payment-repo.js';
import type { PlanRepo } from './plan-repo.js';
import type { PurchaseService } from './purchase-service.js';
import type { SubscriptionRepo } from './subscription-repo.js';
import { paymentDescription, type SubscriptionService } from './subscription-service.js';

export interface PaidCheckoutDeps {
  plans: PlanRepo;
  payments: PaymentRepo;
  subscriptions: SubscriptionRepo;
  service: SubscriptionService;
  purchases: PurchaseService;
  clock: Clock;
}

/** What a refund took back: the payment, and the account it was the viewer's. */
export interface Refund {
  payment: PaymentRow;
  /** The paid period now ends then (now, when the refund ended it). */
  periodEnd: string | null;
}

/**
 * A checkout paid on a provider's own page (Click, Payme): the plan starts and the payment is recorded under the
 * provider's id; a refund takes the paid period back. The caller makes sure each happens once per payment.
 */
export class PaidCheckouts {
  constructor(private readonly deps: PaidCheckoutDeps) {}

  /** The paid period starts now, or at the free trial's end if it is running (its days are kept). */
  async startPlan(
    session: CheckoutRow,
    provider: PaymentProviderName,
    providerRef: string,
  ): Promise<PaymentRow> {
    const plan = (await this.deps.plans.findById(session.plan_id))!;
    const { facts } = await this.deps.service.state(session.user_id);
    const now = this.deps.clock.now();
    const start = this.deps.purchases.firstPaymentAt(facts, now) ?? now;
    const row = await this.deps.purchases.activate({
      userId: session.user_id,
      plan,
      interval: session.billing_interval,
      priceCents: session.price_cents,
      currency: session.currency,
      provider,
      periodStart: start,
      periodEnd: addIntervals(start, session.billing_interval),
    });
    const payment = await this.deps.service.recordPayment({
      userId: session.user_id,
      subscriptionId: row.subscription_id,
      planId: plan.plan_id,
      amountCents: session.price_cents,
      currency: session.currency,
      status: 'succeeded',
      provider,
      providerRef,
      description: paymentDescription(plan, session.billing_interval),
    });
    await this.deps.service.recordChange(session.user_id, 'purchase', plan.plan_id);
    return payment;
  }

  /**
   * The payment `providerRef` given back: marked refunded, and its period taken off the subscription it paid (the
   * plan ends now if nothing paid is left). undefined when there is no such payment or it was refunded already.
   */
  async refund(provider: PaymentProviderName, providerRef: string): Promise<Refund | undefined> {
    const payment = await this.deps.payments.findByProviderRef(provider, providerRef);
    if (!payment || !(await this.deps.service.markRefunded(payment))) return undefined;
    const row = payment.subscription_id
      ? await this.deps.subscriptions.findById(payment.subscription_id)
      : undefined;
    if (!row || row.provider !== provider || (row.status !== 'active' && row.status !== 'past_due'))
      return { payment, periodEnd: null };
    const now = this.deps.clock.now();
    const shortened = addIntervals(new Date(row.current_period_end), row.billing_interval, -1);
    const ended = shortened.getTime() <= now.getTime();
    const periodEnd = (ended ? now : shortened).toISOString();
    await this.deps.subscriptions.update(row.subscription_id, {
      current_period_end: periodEnd,
      ...(ended ? { status: 'expired' as const, ended_at: now.toISOString(), grace_until: null } : {}),
      next_attempt_at: null,
      updated_at: now.toISOString(),
    });
    return { payment, periodEnd };
  }
}
