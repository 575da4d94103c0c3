import { GRACE_DAYS } from '@salomtv/contract';
import { addDays, type Clock } from '../../lib/clock.js';
import { addInterval } from './periods.js';
import type { PlanRepo } from './plan-repo.js';
import { planPrice } from './plan-service.js';
import type { PaymentProvider } from './providers/provider.js';
import type { SubscriptionRepo, SubscriptionRow } from './subscription-repo.js';
import { paymentDescription, type SubscriptionService } from './subscription-service.js';

export interface RenewalReport {
  renewed: number;
  failed: number;
  expired: number;
  canceled: number;
}

/** A failed renewal is retried this often while the grace period lasts. */
const RETRY_MS = 24 * 60 * 60 * 1000;
/** A charge taken by one process is not taken by another for this long. */
const LEASE_MS = 60 * 60 * 1000;

/**
 * The timer's work (every minute, and callable from tests): ends trials, ends cancelled memberships at their
 * period end, charges due renewals through the provider (success: a new period at the plan's current price;
 * failure: past due with 7 days of grace, retried daily), and expires what is past its grace.
 */
export class RenewalService {
  private running: Promise<RenewalReport> | undefined;

  constructor(
    private readonly subscriptions: SubscriptionRepo,
    private readonly plans: PlanRepo,
    private readonly service: SubscriptionService,
    private readonly provider: PaymentProvider,
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

    for (const row of await this.subscriptions.trialsEnded(nowIso)) {
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
    const plan = await this.plans.findById(row.plan_id);
    if (!plan) return false;
    // The plan's price now: a change made during the period applies from this renewal on.
    const yearly = row.billing_interval === 'year' && plan.yearly_price_cents !== null;
    const interval = yearly ? 'year' : 'month';
    const price = planPrice(plan, interval)!;
    const description = paymentDescription(plan, interval, row.status === 'active');
    const outcome =
      row.provider === this.provider.name && this.provider.chargesRenewals
        ? await this.provider.charge(row, price, plan.currency, description)
        : { ok: false as const, ref: null, reason: 'The saved payment method is no longer available' };

    await this.service.recordPayment({
      userId: row.user_id,
      subscriptionId: row.subscription_id,
      planId: plan.plan_id,
      amountCents: price,
      currency: plan.currency,
      status: outcome.ok ? 'succeeded' : 'failed',
      provider: row.provider,
      providerRef: outcome.ref,
      description,
      failureReason: outcome.ok ? null : outcome.reason,
    });

    if (outcome.ok) {
      // Periods follow each other; one that would already be over (the timer was down) starts now instead.
      const previousEnd = new Date(row.current_period_end);
      const contiguous = row.status === 'active' && addInterval(previousEnd, interval) > now;
      const start = contiguous ? previousEnd : now;
      const end = addInterval(start, interval);
      await this.subscriptions.update(row.subscription_id, {
        status: 'active',
        billing_interval: interval,
        price_cents: price,
        currency: plan.currency,
        current_period_start: start.toISOString(),
        current_period_end: end.toISOString(),
        grace_until: null,
        next_attempt_at: end.toISOString(),
        updated_at: nowIso,
      });
      return true;
    }
    const graceUntil =
      row.status === 'past_due' && row.grace_until ? new Date(row.grace_until) : addDays(now, GRACE_DAYS);
    const retry = new Date(Math.min(now.getTime() + RETRY_MS, graceUntil.getTime()));
    await this.subscriptions.update(row.subscription_id, {
      status: 'past_due',
      grace_until: graceUntil.toISOString(),
      next_attempt_at: retry.toISOString(),
      updated_at: nowIso,
    });
    return false;
  }
}
