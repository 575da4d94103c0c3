import type Stripe from 'stripe';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { SubscriptionRow } from './account-billing.js';
import { addIntervals, graceEnd } from './billing-periods.js';
import type { CheckoutRepo } from './checkout-repo.js';
import type { BillingEventRepo } from './event-repo.js';
import type { PlanChangeService } from './plan-change-service.js';
import { planPrice } from './plan-prices.js';
import type { PlanRepo, PlanRow } from './plan-repo.js';
import type { StripeProvider } from './providers/stripe.js';
import type { PurchaseService } from './purchase-service.js';
import type { SubscriptionRepo } from './subscription-repo.js';
import { paymentDescription, type SubscriptionService, upgradeDescription } from './subscription-service.js';

export interface WebhookResult {
  received: true;
  /** true: this event id was applied before; nothing changed. */
  duplicate: boolean;
  outcome: string;
}

type Ref = string | { id: string } | null | undefined;
const idOf = (ref: Ref): string | null => (ref == null ? null : typeof ref === 'string' ? ref : ref.id);
const isoFromUnix = (seconds: number): string => new Date(seconds * 1000).toISOString();

function invoiceSubscription(invoice: Stripe.Invoice): {
  id: string | null;
  metadata: Record<string, string>;
} {
  const details = invoice.parent?.subscription_details;
  return { id: idOf(details?.subscription), metadata: details?.metadata ?? {} };
}

/**
 * Applies Stripe's webhook events. Each event id is applied once (billing_events); an event older than the
 * newest one already applied to a subscription changes nothing (but a payment it reports is still recorded).
 * Only a paid invoice gives more: a renewal's (`subscription_cycle`, which also brings in a scheduled plan) or an
 * upgrade's proration (`subscription_update`, which applies the upgrade waiting for that very invoice). The plan
 * a subscription event names is not taken from it: our plan changes are ours.
 */
export class StripeWebhookService {
  constructor(
    private readonly stripe: StripeProvider | undefined,
    private readonly events: BillingEventRepo,
    private readonly subscriptions: SubscriptionRepo,
    private readonly plans: PlanRepo,
    private readonly checkouts: CheckoutRepo,
    private readonly service: SubscriptionService,
    private readonly purchases: PurchaseService,
    private readonly planChanges: PlanChangeService,
    private readonly clock: Clock,
  ) {}

  async handle(rawBody: Buffer, signature: string | undefined): Promise<WebhookResult> {
    if (!this.stripe) throw notFound('Stripe is not the payment provider of this server');
    const event = this.stripe.verifyEvent(rawBody, signature);
    const eventAt = isoFromUnix(event.created);
    const fresh = await this.events.claim({
      event_id: event.id,
      provider: 'stripe',
      type: event.type,
      event_created_at: eventAt,
      received_at: this.clock.now().toISOString(),
    });
    if (!fresh) return { received: true, duplicate: true, outcome: 'already applied' };
    try {
      return { received: true, duplicate: false, outcome: await this.apply(event, eventAt) };
    } catch (error) {
      // Let Stripe's retry apply it later.
      await this.events.release(event.id);
      throw error;
    }
  }

  private apply(event: Stripe.Event, eventAt: string): Promise<string> {
    switch (event.type) {
      case 'checkout.session.completed':
        return this.checkoutCompleted(event.data.object, eventAt);
      case 'invoice.paid':
        return this.invoicePaid(event.data.object, eventAt);
      case 'invoice.payment_failed':
        return this.invoiceFailed(event.data.object, eventAt);
      case 'customer.subscription.updated':
        return this.subscriptionUpdated(event.data.object, eventAt);
      case 'customer.subscription.deleted':
        return this.subscriptionDeleted(event.data.object, eventAt);
      default:
        return Promise.resolve(`ignored ${event.type}`);
    }
  }

  private async checkoutCompleted(session: Stripe.Checkout.Session, eventAt: string): Promise<string> {
    if (session.mode !== 'subscription') return 'ignored: not a subscription checkout';
    const metadata = session.metadata ?? {};
    const userId = Number(session.client_reference_id ?? metadata.user_id);
    const plan = await this.planFrom(metadata.plan_id);
    if (!Number.isInteger(userId) || userId <= 0 || !plan) return 'ignored: unknown account or plan';
    if (metadata.session_id)
      await this.checkouts.complete(metadata.session_id, this.clock.now().toISOString());
    const subscriptionId = idOf(session.subscription);
    const existing = await this.subscriptions.findByUser(userId);
    if (existing && this.isStale(existing, eventAt)) return 'stale: a newer event was applied';
    // invoice.paid may have arrived first and already started the period.
    if (
      existing?.status === 'active' &&
      subscriptionId &&
      existing.provider_subscription_id === subscriptionId
    ) {
      await this.subscriptions.update(existing.subscription_id, {
        provider_customer_id: idOf(session.customer) ?? existing.provider_customer_id,
        updated_at: this.clock.now().toISOString(),
      });
      return 'already active';
    }
    const interval = metadata.interval === 'year' ? 'year' : 'month';
    const currency = (session.currency ?? plan.currency).toUpperCase();
    // Bought during the free trial: Stripe first charges when it ends; until then the trial runs on.
    const firstPaymentAt = metadata.first_payment_at;
    if (firstPaymentAt && firstPaymentAt > eventAt) {
      const kept = await this.purchases.chooseDuringTrial({
        userId,
        plan,
        interval,
        currency,
        provider: 'stripe',
        customerId: idOf(session.customer),
        providerSubscriptionId: subscriptionId,
        eventAt,
      });
      if (kept) {
        await this.service.recordChange(userId, 'purchase', plan.plan_id);
        return 'trial: first payment at its end';
      }
    }
    const start = new Date(eventAt);
    await this.purchases.activate({
      userId,
      plan,
      interval,
      priceCents: session.amount_total ?? planPrice(plan, interval, currency) ?? plan.monthly_price_cents,
      currency,
      provider: 'stripe',
      periodStart: start,
      periodEnd: addIntervals(start, interval),
      customerId: idOf(session.customer),
      providerSubscriptionId: subscriptionId,
      eventAt,
    });
    await this.service.recordChange(userId, 'purchase', plan.plan_id);
    return 'activated';
  }

  private async invoicePaid(invoice: Stripe.Invoice, eventAt: string): Promise<string> {
    const { id: subscriptionId, metadata } = invoiceSubscription(invoice);
    if (!subscriptionId) return 'ignored: not a subscription invoice';
    let row = await this.subscriptions.findByProviderSubscription(subscriptionId);
    const line = invoice.lines.data[0];
    const periodStart = line ? isoFromUnix(line.period.start) : eventAt;
    const periodEnd = line ? isoFromUnix(line.period.end) : undefined;
    if (!row) {
      // Paid before checkout.session.completed arrived: the subscription's metadata says whose it is. A trial's
      // invoice of nothing starts no period.
      if (invoice.amount_paid <= 0) return 'ignored: nothing paid';
      const userId = Number(metadata.user_id);
      const plan = await this.planFrom(metadata.plan_id);
      if (!Number.isInteger(userId) || userId <= 0 || !plan) return 'ignored: unknown subscription';
      const interval = metadata.interval === 'year' ? 'year' : 'month';
      row = await this.purchases.activate({
        userId,
        plan,
        interval,
        priceCents: invoice.amount_paid,
        currency: invoice.currency.toUpperCase(),
        provider: 'stripe',
        periodStart: new Date(periodStart),
        periodEnd: periodEnd ? new Date(periodEnd) : addIntervals(new Date(periodStart), interval),
        customerId: idOf(invoice.customer),
        providerSubscriptionId: subscriptionId,
        eventAt,
      });
    }
    if (invoice.billing_reason === 'subscription_update') return this.upgradePaid(row, invoice);
    if (row.status === 'trialing' && invoice.amount_paid <= 0) return 'trial: nothing charged';
    // A new period: the plan scheduled for it (a downgrade, the plan bought during the trial) takes over.
    const cycle = invoice.billing_reason === 'subscription_cycle' || row.status === 'trialing';
    const planId = cycle ? (row.scheduled_plan_id ?? row.plan_id) : row.plan_id;
    const plan = await this.plans.findById(planId);
    await this.service.recordPayment({
      userId: row.user_id,
      subscriptionId: row.subscription_id,
      planId,
      amountCents: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
      status: 'succeeded',
      provider: 'stripe',
      providerRef: invoice.id ?? null,
      description: plan
        ? paymentDescription(plan, row.billing_interval, invoice.billing_reason === 'subscription_cycle')
        : 'Subscription payment',
    });
    if (this.isStale(row, eventAt)) return 'payment recorded; stale for the subscription';
    await this.subscriptions.update(row.subscription_id, {
      ...(cycle ? { plan_id: planId, scheduled_plan_id: null } : {}),
      status: 'active',
      price_cents: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
      current_period_start: periodStart,
      ...(periodEnd ? { current_period_end: periodEnd } : {}),
      grace_until: null,
      ended_at: null,
      provider_customer_id: idOf(invoice.customer) ?? row.provider_customer_id,
      provider_event_at: eventAt,
      updated_at: this.clock.now().toISOString(),
    });
    return 'paid';
  }

  /** An upgrade's proration paid: the upgrade waiting for this invoice applies (whatever the events' order). */
  private async upgradePaid(row: SubscriptionRow, invoice: Stripe.Invoice): Promise<string> {
    const plan = await this.plans.findById(row.upgrade_plan_id ?? row.plan_id);
    await this.service.recordPayment({
      userId: row.user_id,
      subscriptionId: row.subscription_id,
      planId: plan?.plan_id ?? row.plan_id,
      amountCents: invoice.amount_paid,
      currency: invoice.currency.toUpperCase(),
      status: 'succeeded',
      provider: 'stripe',
      providerRef: invoice.id ?? null,
      description: plan ? upgradeDescription(plan) : 'Upgrade',
    });
    if (!invoice.id || row.upgrade_invoice_id !== invoice.id)
      return 'payment recorded; no upgrade waits for it';
    return (await this.planChanges.applyUpgrade(row))
      ? 'upgraded'
      : 'payment recorded; upgrade already applied';
  }

  private async invoiceFailed(invoice: Stripe.Invoice, eventAt: string): Promise<string> {
    const { id: subscriptionId } = invoiceSubscription(invoice);
    const row = subscriptionId
      ? await this.subscriptions.findByProviderSubscription(subscriptionId)
      : undefined;
    if (!row) return 'ignored: unknown subscription';
    const upgrade = invoice.billing_reason === 'subscription_update';
    const cycle = !upgrade && (invoice.billing_reason === 'subscription_cycle' || row.status === 'trialing');
    const planId = upgrade
      ? (row.upgrade_plan_id ?? row.plan_id)
      : cycle
        ? (row.scheduled_plan_id ?? row.plan_id)
        : row.plan_id;
    const plan = await this.plans.findById(planId);
    await this.service.recordPayment({
      userId: row.user_id,
      subscriptionId: row.subscription_id,
      planId,
      amountCents: invoice.amount_due,
      currency: invoice.currency.toUpperCase(),
      status: 'failed',
      provider: 'stripe',
      providerRef: invoice.id ?? null,
      description: plan ? paymentDescription(plan, row.billing_interval, true) : 'Subscription payment',
      failureReason: 'The payment was declined at Stripe',
    });
    // An unpaid upgrade leaves the plan as it was; the subscription itself is not behind.
    if (upgrade) {
      if (invoice.id && row.upgrade_invoice_id === invoice.id) await this.planChanges.upgradeFailed(row);
      return 'upgrade not paid: plan unchanged';
    }
    if (this.isStale(row, eventAt)) return 'payment recorded; stale for the subscription';
    await this.subscriptions.update(row.subscription_id, {
      ...(cycle ? { plan_id: planId, scheduled_plan_id: null } : {}),
      status: 'past_due',
      grace_until: this.graceFor(row, eventAt),
      provider_event_at: eventAt,
      updated_at: this.clock.now().toISOString(),
    });
    return 'past due';
  }

  private async subscriptionUpdated(subscription: Stripe.Subscription, eventAt: string): Promise<string> {
    const row = await this.subscriptions.findByProviderSubscription(subscription.id);
    if (!row) return 'ignored: unknown subscription';
    if (this.isStale(row, eventAt)) return 'stale: a newer event was applied';
    // A trial with a plan bought stays a trial until its first payment is in (invoice.paid).
    if (row.status === 'trialing') {
      await this.subscriptions.update(row.subscription_id, {
        provider_event_at: eventAt,
        updated_at: this.clock.now().toISOString(),
      });
      return 'trial: unchanged until paid';
    }
    const item = subscription.items.data[0];
    const status = this.mapStatus(subscription.status, row);
    await this.subscriptions.update(row.subscription_id, {
      status,
      cancel_at_period_end: subscription.cancel_at_period_end ? 1 : 0,
      ...(item
        ? {
            current_period_start: isoFromUnix(item.current_period_start),
            current_period_end: isoFromUnix(item.current_period_end),
            billing_interval:
              item.price?.recurring?.interval === 'year' ? ('year' as const) : ('month' as const),
          }
        : {}),
      grace_until: status === 'past_due' ? this.graceFor(row, eventAt) : null,
      ended_at: status === 'canceled' ? eventAt : null,
      provider_event_at: eventAt,
      updated_at: this.clock.now().toISOString(),
    });
    return `updated: ${status}`;
  }

  private async subscriptionDeleted(subscription: Stripe.Subscription, eventAt: string): Promise<string> {
    const row = await this.subscriptions.findByProviderSubscription(subscription.id);
    if (!row) return 'ignored: unknown subscription';
    if (this.isStale(row, eventAt)) return 'stale: a newer event was applied';
    if (row.status === 'trialing') {
      // The plan bought for after the trial is gone; the trial itself runs on.
      await this.subscriptions.update(row.subscription_id, {
        scheduled_plan_id: null,
        provider_subscription_id: null,
        provider_event_at: eventAt,
        updated_at: this.clock.now().toISOString(),
      });
      return 'trial: plan dropped';
    }
    await this.subscriptions.update(row.subscription_id, {
      status: 'canceled',
      cancel_at_period_end: 0,
      grace_until: null,
      next_attempt_at: null,
      ended_at: eventAt,
      provider_event_at: eventAt,
      updated_at: this.clock.now().toISOString(),
    });
    return 'canceled';
  }

  private mapStatus(status: Stripe.Subscription.Status, row: SubscriptionRow): SubscriptionRow['status'] {
    switch (status) {
      case 'active':
      case 'trialing':
        return 'active';
      case 'past_due':
      case 'unpaid':
        return 'past_due';
      case 'canceled':
      case 'incomplete_expired':
        return 'canceled';
      default:
        return row.status;
    }
  }

  private graceFor(row: SubscriptionRow, eventAt: string): string {
    if (row.status === 'past_due' && row.grace_until) return row.grace_until;
    return graceEnd(new Date(eventAt)).toISOString();
  }

  private isStale(row: SubscriptionRow, eventAt: string): boolean {
    return row.provider_event_at !== null && eventAt < row.provider_event_at;
  }

  private async planFrom(value: string | undefined): Promise<PlanRow | undefined> {
    const planId = Number(value);
    return Number.isInteger(planId) && planId > 0 ? this.plans.findById(planId) : undefined;
  }
}
