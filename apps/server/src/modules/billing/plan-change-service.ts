import type { BillingInterval, PlanChangePreview, SubscriptionReply } from '@salomtv/contract';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict } from '../../lib/errors.js';
import type { SubscriptionRow } from './account-billing.js';
import { type PlanChangeKind, planChangeKind, proratedUpgrade } from './billing-periods.js';
import type { PaymentRepo } from './payment-repo.js';
import { planPrice, renewalTerms } from './plan-prices.js';
import type { PlanRepo, PlanRow } from './plan-repo.js';
import { toPlan } from './plan-service.js';
import { cardDeclined } from './providers/demo.js';
import type { PaymentProvider } from './providers/provider.js';
import type { PaymentProviders } from './providers/registry.js';
import type { SubscriptionRepo } from './subscription-repo.js';
import { NO_UPGRADE, type SubscriptionService, upgradeDescription } from './subscription-service.js';

/** An upgrade left without an invoice this long died midway (its request ended): another may start. */
const UPGRADE_CLAIM_MS = 5 * 60 * 1000;

const CHANGED_MEANWHILE = 'Your plan changed in the meantime: look at it again';

/** What a change of plan does, worked out once for both the preview and the change itself. */
interface Decision {
  kind: PlanChangeKind | 'undo' | 'trial';
  row: SubscriptionRow;
  /** The plan in force now. */
  current: PlanRow;
  /** The plan asked for. */
  plan: PlanRow;
  interval: BillingInterval;
  /** The plan asked for, per interval, from the next charge on. */
  priceCents: number;
  /** Charged when confirmed: an upgrade's prorated difference. */
  amountCents: number;
  effectiveAt: string;
}

export interface PlanChangeDeps {
  subscriptions: SubscriptionRepo;
  plans: PlanRepo;
  payments: PaymentRepo;
  providers: PaymentProviders;
  service: SubscriptionService;
  clock: Clock;
}

/**
 * Change Plan. A dearer plan applies once the prorated difference for the rest of the paid period is paid (charged
 * at once with the saved card, or invoiced by the provider and applied on that invoice's payment); a cheaper one is
 * scheduled for the end of the paid period and can be undone until then; one at the same price applies at once.
 * During the free trial another plan can be chosen for the first payment. Prices compare per interval against what
 * the current period was paid at, so no sequence of changes buys a dearer plan for a cheaper price.
 */
export class PlanChangeService {
  constructor(private readonly deps: PlanChangeDeps) {}

  async preview(userId: number, planId: number): Promise<PlanChangePreview> {
    const d = await this.decide(userId, planId);
    return {
      kind: d.kind,
      plan: toPlan(d.plan),
      amount_due_now_cents: d.amountCents,
      currency: d.row.currency,
      effective_at: d.effectiveAt,
      interval: d.interval,
      renewal_price_cents: d.priceCents,
      next_billing_date: d.row.current_period_end,
    };
  }

  async change(userId: number, planId: number): Promise<SubscriptionReply> {
    const d = await this.decide(userId, planId);
    const { row, plan } = d;
    const now = this.deps.clock.now().toISOString();
    switch (d.kind) {
      case 'undo':
        await this.undoScheduled(row, d.current);
        break;
      case 'upgrade':
        await this.upgrade(d);
        break;
      case 'trial':
      case 'downgrade': {
        await this.tellProvider(row, plan, d.interval, d.priceCents);
        const expected = {
          scheduled_plan_id: row.scheduled_plan_id,
          plan_id: row.plan_id,
          upgrade_plan_id: null,
        };
        const values = { scheduled_plan_id: plan.plan_id, updated_at: now };
        if (!(await this.deps.subscriptions.updateIf(row.subscription_id, expected, values)))
          throw conflict(CHANGED_MEANWHILE);
        break;
      }
      case 'switch': {
        await this.tellProvider(row, plan, d.interval, d.priceCents);
        const expected = { plan_id: row.plan_id, price_cents: row.price_cents, upgrade_plan_id: null };
        const values = { plan_id: plan.plan_id, scheduled_plan_id: null, updated_at: now };
        if (!(await this.deps.subscriptions.updateIf(row.subscription_id, expected, values)))
          throw conflict(CHANGED_MEANWHILE);
        break;
      }
    }
    const kinds = {
      undo: 'change_undone',
      upgrade: 'plan_change',
      switch: 'plan_change',
      trial: 'plan_change',
      downgrade: 'downgrade_scheduled',
    } as const;
    await this.deps.service.recordChange(userId, kinds[d.kind], plan.plan_id);
    return this.deps.service.view(userId);
  }

  /** Drops a scheduled downgrade: the current plan renews as before. */
  async undo(userId: number): Promise<SubscriptionReply> {
    const { access, row, plan } = await this.deps.service.state(userId);
    if (!row || !plan || access.status !== 'active' || row.scheduled_plan_id === null) {
      throw conflict('There is no change of plan to undo');
    }
    await this.undoScheduled(row, plan);
    await this.deps.service.recordChange(userId, 'change_undone', plan.plan_id);
    return this.deps.service.view(userId);
  }

  /**
   * The upgrade's payment is in (a provider's invoice was paid): the plan applies from now, at its price, in
   * place of any scheduled downgrade. False when that upgrade is no longer the one under way.
   */
  async applyUpgrade(row: SubscriptionRow): Promise<boolean> {
    if (row.upgrade_plan_id === null || row.upgrade_price_cents === null) return false;
    return this.deps.subscriptions.updateIf(
      row.subscription_id,
      { upgrade_plan_id: row.upgrade_plan_id, upgrade_invoice_id: row.upgrade_invoice_id },
      {
        plan_id: row.upgrade_plan_id,
        price_cents: row.upgrade_price_cents,
        scheduled_plan_id: null,
        ...NO_UPGRADE,
        updated_at: this.deps.clock.now().toISOString(),
      },
    );
  }

  /** The upgrade's invoice could not be paid: the current plan stays, and so does the price it renews at. */
  async upgradeFailed(row: SubscriptionRow): Promise<void> {
    if (row.upgrade_plan_id === null) return;
    const released = await this.deps.subscriptions.updateIf(
      row.subscription_id,
      { upgrade_plan_id: row.upgrade_plan_id, upgrade_invoice_id: row.upgrade_invoice_id },
      { ...NO_UPGRADE, updated_at: this.deps.clock.now().toISOString() },
    );
    const next = await this.deps.plans.findById(row.scheduled_plan_id ?? row.plan_id);
    const terms = next && renewalTerms(next, row.billing_interval, row.currency);
    if (released && next && terms) await this.tellProvider(row, next, terms.interval, terms.priceCents);
  }

  private async decide(userId: number, planId: number): Promise<Decision> {
    const { access, row, plan: current } = await this.deps.service.state(userId);
    const now = this.deps.clock.now();
    const choosingForTrial = access.status === 'trialing' && row?.scheduled_plan_id != null;
    if (!row || !current || (access.status !== 'active' && !choosingForTrial)) {
      throw conflict(
        access.status === 'trialing'
          ? 'The free trial includes every plan: choose a plan to subscribe'
          : access.status === 'past_due'
            ? 'Your last payment failed: update your payment info before changing plans'
            : 'You have no plan to change: choose a plan to subscribe',
      );
    }
    const plan = planId === row.plan_id ? current : await this.deps.service.requireOfferedPlan(planId);
    const base = { row, current, plan, interval: row.billing_interval };
    if (choosingForTrial) {
      if (plan.plan_id === row.scheduled_plan_id)
        throw conflict('This plan is already chosen for after your trial');
      const priceCents = this.priceOf(plan, row);
      return { ...base, kind: 'trial', priceCents, amountCents: 0, effectiveAt: row.current_period_end };
    }
    if (row.upgrade_invoice_id !== null) {
      throw conflict('An upgrade is waiting for its payment: try again once it has gone through');
    }
    // Past the period's end the renewal is under way: a change now would be priced on a period already over.
    if (now.getTime() >= new Date(row.current_period_end).getTime()) {
      throw conflict('Your renewal is due: change your plan once it has gone through');
    }
    if (plan.plan_id === row.plan_id) {
      if (row.scheduled_plan_id === null) throw conflict('You are already on this plan');
      const terms = renewalTerms(plan, row.billing_interval, row.currency) ?? {
        interval: row.billing_interval,
        priceCents: row.price_cents,
      };
      return { ...base, ...terms, kind: 'undo', amountCents: 0, effectiveAt: now.toISOString() };
    }
    if (plan.plan_id === row.scheduled_plan_id) throw conflict('This change is already scheduled');
    const priceCents = this.priceOf(plan, row);
    const kind = planChangeKind(row.price_cents, priceCents);
    const period = { start: new Date(row.current_period_start), end: new Date(row.current_period_end) };
    return {
      ...base,
      kind,
      priceCents,
      amountCents:
        kind === 'upgrade'
          ? proratedUpgrade({ paidPriceCents: row.price_cents, newPriceCents: priceCents, period, now })
          : 0,
      effectiveAt: kind === 'downgrade' ? row.current_period_end : now.toISOString(),
    };
  }

  /** The plan's price for the subscription's interval and currency, or a refusal naming why there is none. */
  private priceOf(plan: PlanRow, row: SubscriptionRow): number {
    if (planPrice(plan, 'month', row.currency) === null) {
      throw badRequest('This plan is billed in another currency', {
        plan_id: `This plan has no price in ${row.currency}, your subscription's currency`,
      });
    }
    const price = planPrice(plan, row.billing_interval, row.currency);
    if (price === null) {
      throw badRequest('This plan is billed monthly only', {
        plan_id: 'This plan has no yearly price: choose it when your year ends',
      });
    }
    return price;
  }

  private async upgrade(d: Decision): Promise<void> {
    const { row, plan } = d;
    const { subscriptions, service } = this.deps;
    const provider = this.deps.providers.of(row);
    if (!provider) {
      throw conflict('Your plan was bought through another payment provider: choose a plan when it ends');
    }
    const now = this.deps.clock.now();
    const claimed = await subscriptions.claimUpgrade(
      row,
      new Date(now.getTime() - UPGRADE_CLAIM_MS).toISOString(),
      {
        upgrade_plan_id: plan.plan_id,
        upgrade_price_cents: d.priceCents,
        upgrade_requested_at: now.toISOString(),
      },
    );
    if (!claimed) throw conflict('Another change of plan is under way: try again in a moment');
    const claim = { ...row, upgrade_plan_id: plan.plan_id, upgrade_price_cents: d.priceCents };
    const release = () =>
      subscriptions.updateIf(row.subscription_id, { upgrade_plan_id: plan.plan_id }, NO_UPGRADE);
    const description = upgradeDescription(plan);

    let outcome: Awaited<ReturnType<PaymentProvider['upgrade']>>;
    try {
      outcome = await provider.upgrade(row, {
        plan,
        interval: d.interval,
        priceCents: d.priceCents,
        amountCents: d.amountCents,
        currency: row.currency,
        description,
        at: now,
      });
    } catch (error) {
      await release();
      throw error;
    }
    const payment = {
      userId: row.user_id,
      subscriptionId: row.subscription_id,
      planId: plan.plan_id,
      amountCents: d.amountCents,
      currency: row.currency,
      provider: row.provider,
      description,
    };
    if (outcome.status === 'declined') {
      await release();
      // A provider that invoices reports its failed payments by webhook; the ones we charge we record.
      if (provider.chargesRenewals) {
        await service.recordPayment({
          ...payment,
          status: 'failed',
          providerRef: outcome.ref,
          failureReason: outcome.reason,
        });
      }
      throw cardDeclined(`${outcome.reason} You stay on the ${d.current.name} plan.`);
    }
    if (outcome.status === 'paid') {
      await service.recordPayment({ ...payment, status: 'succeeded', providerRef: outcome.ref });
      await this.applyUpgrade({ ...claim, upgrade_invoice_id: null });
      return;
    }
    await subscriptions.updateIf(
      row.subscription_id,
      { upgrade_plan_id: plan.plan_id, upgrade_invoice_id: null },
      { upgrade_invoice_id: outcome.invoiceId },
    );
    // The invoice's payment may have been reported before this answer came back.
    if (outcome.invoiceId && (await this.deps.payments.paid(row.user_id, outcome.invoiceId))) {
      await this.applyUpgrade({ ...claim, upgrade_invoice_id: outcome.invoiceId });
    }
  }

  private async undoScheduled(row: SubscriptionRow, current: PlanRow): Promise<void> {
    const terms = renewalTerms(current, row.billing_interval, row.currency);
    if (terms) await this.tellProvider(row, current, terms.interval, terms.priceCents);
    const undone = await this.deps.subscriptions.updateIf(
      row.subscription_id,
      { scheduled_plan_id: row.scheduled_plan_id },
      { scheduled_plan_id: null, updated_at: this.deps.clock.now().toISOString() },
    );
    if (!undone) throw conflict(CHANGED_MEANWHILE);
  }

  /** The provider bills the next period at the plan's price (one it does not manage has nothing to hear). */
  private async tellProvider(
    row: SubscriptionRow,
    plan: PlanRow,
    interval: BillingInterval,
    priceCents: number,
  ) {
    await this.deps.providers.of(row)?.setRenewalPrice(row, plan, interval, priceCents);
  }
}
