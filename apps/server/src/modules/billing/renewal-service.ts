import type { Clock } from '../../lib/clock.js';
import type { SubscriptionRow } from './account-billing.js';
import { graceEnd, lapsedBefore, nextRetry, renewalPeriod } from './billing-periods.js';
import { renewalTerms } from './plan-prices.js';
import type { PlanRepo } from './plan-repo.js';
import type { PaymentProviders } from './providers/registry.js';
import type { SubscriptionRepo } from './subscription-repo.js';
import { paymentDescription, type SubscriptionService } from './subscription-service.js';

export interface RenewalReport {
  renewed: number;
  failed: number;
  expired: number;
  canceled: number;
}

/** A charge taken by one process is not taken by another for this long. */
const LEASE_MS = 60 * 60 * 1000;

/**
 * The timer's work (every minute, and callable from tests): ends trials, ends cancelled memberships at their
 * period end, charges due renewals and the first payment of plans bought during the trial through the provider
 * (success: a new period at the plan's current price; failure: past due with 7 days of grace, retried daily), and
 * expires what is past its grace. At each period's end a scheduled plan (a downgrade, or the plan bought during the
 * trial) takes over and is what is charged.
 */
export class RenewalService {
  private running: Promise<RenewalReport> | undefined;

  constructor(
    private readonly subscriptions: SubscriptionRepo,
    private readonly plans: PlanRepo,
    private readonly service: SubscriptionService,
    private readonly providers: PaymentProviders,
    private readonly clock: Clock,
  ) {}

  /** One pass; a call while a pass is running waits for that pass instead of starting another. */
  renewDue(): Promise<RenewalReport> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Charges one subscription now (after the viewer saved a new card for a failed payment). */
  async retryNow(row: SubscriptionRow): Promise<boolean> {
    const now = this.clock.now().toISOString();
    const expected = row.next_attempt_at ?? now;
    if (row.next_attempt_at === null)
      await this.subscriptions.update(row.subscription_id, { next_attempt_at: now });
    return this.charge({ ...row, next_attempt_at: expected });
  }

  private async pass(): Promise<RenewalReport> {
    const report: RenewalReport = { renewed: 0, failed: 0, expired: 0, canceled: 0 };
    const now = this.clock.now();
    const nowIso = now.toISOString();

    for (const row of await this.subscriptions.trialsEnded(nowIso, lapsedBefore(now).toISOString())) {
      if (
        await this.subscriptions.transition(row.subscription_id, 'trialing', {
          status: 'expired',
          ended_at: nowIso,
          updated_at: nowIso,
        })
      ) {
        report.expired++;
      }
    }
    for (const row of await this.subscriptions.dueCancellations(nowIso)) {
      const ended = {
        status: 'canceled' as const,
        next_attempt_at: null,
        ended_at: row.current_period_end,
        updated_at: nowIso,
      };
      if (await this.subscriptions.transition(row.subscription_id, 'active', ended)) report.canceled++;
    }
    for (const row of await this.subscriptions.graceEnded(nowIso)) {
      const ended = {
        status: 'expired' as const,
        next_attempt_at: null,
        ended_at: nowIso,
        updated_at: nowIso,
      };
      if (await this.subscriptions.transition(row.subscription_id, 'past_due', ended)) report.expired++;
    }
    for (const row of await this.subscriptions.dueCharges(nowIso)) {
      if (await this.charge(row)) report.renewed++;
      else report.failed++;
    }
    return report;
  }

  /** Charges the next period; true when paid. */
  private async charge(row: SubscriptionRow): Promise<boolean> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    if (!row.next_attempt_at) return false;
    const claimed = await this.subscriptions.claimAttempt(
      row.subscription_id,
      row.next_attempt_at,
      new Date(now.getTime() + LEASE_MS).toISOString(),
    );
    if (!claimed) return false;
    const plan = await this.plans.findById(row.scheduled_plan_id ?? row.plan_id);
    if (!plan) return false;
    // The plan's price now, in the subscription's currency: a change of price made during the period applies
    // from this renewal on.
    const currency = row.currency;
    const terms = renewalTerms(plan, row.billing_interval, currency);
    const interval = terms?.interval ?? row.billing_interval;
    const price = terms?.priceCents ?? row.price_cents;
    const description = paymentDescription(plan, interval, row.status === 'active');
    const provider = this.providers.of(row);
    const outcome = !terms
      ? { ok: false as const, ref: null, reason: `The ${plan.name} plan is no longer sold in ${currency}` }
      : provider?.chargesRenewals
        ? await provider.charge(row, price, currency, description)
        : { ok: false as const, ref: null, reason: 'The saved payment method is no longer available' };

    await this.service.recordPayment({
      userId: row.user_id,
      subscriptionId: row.subscription_id,
      planId: plan.plan_id,
      amountCents: price,
      currency,
      status: outcome.ok ? 'succeeded' : 'failed',
      provider: row.provider,
      providerRef: outcome.ref,
      description,
      failureReason: outcome.ok ? null : outcome.reason,
    });

    // The period's end has passed, paid or not: the plan charged for is the plan from now on.
    const next = {
      plan_id: plan.plan_id,
      scheduled_plan_id: null,
      billing_interval: interval,
      price_cents: price,
      currency,
    };
    if (outcome.ok) {
      const previousEnd = new Date(row.current_period_end);
      const period = renewalPeriod({
        // A trial's end starts the calendar of the periods that follow it.
        anchor:
          row.status === 'trialing' ? previousEnd : new Date(row.billing_anchor ?? row.current_period_start),
        previousEnd,
        interval,
        now,
        followsOn: row.status !== 'past_due',
      });
      await this.subscriptions.update(row.subscription_id, {
        ...next,
        status: 'active',
        current_period_start: period.start.toISOString(),
        current_period_end: period.end.toISOString(),
        billing_anchor: period.anchor.toISOString(),
        grace_until: null,
        next_attempt_at: period.end.toISOString(),
        updated_at: nowIso,
      });
      return true;
    }
    const graceUntil =
      row.status === 'past_due' && row.grace_until ? new Date(row.grace_until) : graceEnd(now);
    await this.subscriptions.update(row.subscription_id, {
      ...next,
      status: 'past_due',
      grace_until: graceUntil.toISOString(),
      next_attempt_at: nextRetry(now, graceUntil).toISOString(),
      updated_at: nowIso,
    });
    return false;
  }
}
