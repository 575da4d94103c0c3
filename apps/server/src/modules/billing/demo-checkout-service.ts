import type { DemoSessionReply, SubscriptionReply } from '@salomtv/contract';
import type { Clock } from '../../lib/clock.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { addIntervals } from './billing-periods.js';
import type { CheckoutRepo, CheckoutRow } from './checkout-repo.js';
import type { PlanRepo, PlanRow } from './plan-repo.js';
import { toPlan } from './plan-service.js';
import {
  type CardInput,
  cardDeclined,
  DEMO_TEST_CARDS,
  type DemoProvider,
  type SavedCard,
} from './providers/demo.js';
import { checkoutStatus, type PurchaseService } from './purchase-service.js';
import type { RenewalService } from './renewal-service.js';
import type { SubscriptionRepo } from './subscription-repo.js';
import { paymentDescription, type SubscriptionService } from './subscription-service.js';

/** The demo provider's checkout page and saved card (PAYMENT_PROVIDER=demo). */
export class DemoCheckoutService {
  constructor(
    private readonly checkouts: CheckoutRepo,
    private readonly plans: PlanRepo,
    private readonly subscriptions: SubscriptionRepo,
    private readonly service: SubscriptionService,
    private readonly purchases: PurchaseService,
    private readonly renewal: RenewalService,
    private readonly demo: DemoProvider | undefined,
    private readonly clock: Clock,
  ) {}

  /** What the demo checkout page shows. */
  async session(userId: number, sessionId: string): Promise<DemoSessionReply> {
    const { session, plan } = await this.requireSession(userId, sessionId);
    const { facts } = await this.service.state(userId);
    const firstPayment = this.purchases.firstPaymentAt(facts, this.clock.now());
    return {
      session_id: session.session_id,
      demo: true,
      status: this.sessionStatus(session),
      plan: toPlan(plan),
      interval: session.billing_interval,
      price_cents: session.price_cents,
      currency: session.currency,
      expires_at: session.expires_at,
      first_payment_at: firstPayment ? firstPayment.toISOString() : null,
      saved_card: (await this.savedCard(userId))?.summary ?? null,
      test_cards: DEMO_TEST_CARDS,
    };
  }

  /** The card kept from an earlier purchase with the demo provider (after a cancellation, an ended plan). */
  private async savedCard(userId: number): Promise<SavedCard | undefined> {
    const row = await this.subscriptions.findByUser(userId);
    return row?.provider === 'demo' && row.provider_payment_method && row.payment_method_summary
      ? { token: row.provider_payment_method, summary: row.payment_method_summary }
      : undefined;
  }

  /**
   * Pays a checkout with a test card: 4242… succeeds, 4000…0002 is declined (402), a bad number is a 400. During
   * the free trial the card is only checked and saved: the trial runs on and the plan is first charged at its
   * end, so a card declined then is a declined card check, not a failed payment. `'saved'`: the card kept from an
   * earlier purchase.
   */
  async pay(userId: number, sessionId: string, card: CardInput | 'saved') {
    const demo = this.requireDemo();
    const { session, plan } = await this.requireSession(userId, sessionId);
    const status = this.sessionStatus(session);
    if (status === 'completed') throw conflict('This checkout is already paid');
    if (status === 'expired')
      throw new AppError(410, 'checkout_expired', 'This checkout has expired: choose your plan again');
    const { access, facts } = await this.service.state(userId);
    if (access.status === 'active' || access.status === 'past_due') throw conflict('You already have a plan');

    const now = this.clock.now();
    const inTrial = this.purchases.firstPaymentAt(facts, now) !== null;
    const description = paymentDescription(plan, session.billing_interval);
    const failed = async (reason: string) => {
      if (inTrial) {
        await this.service.recordChange(userId, 'card_check_declined', plan.plan_id);
        return;
      }
      await this.service.recordPayment({
        userId,
        subscriptionId: null,
        planId: plan.plan_id,
        amountCents: session.price_cents,
        currency: session.currency,
        status: 'failed',
        provider: 'demo',
        providerRef: null,
        description,
        failureReason: reason,
      });
    };

    let saved: SavedCard;
    try {
      if (card === 'saved') {
        const kept = await this.savedCard(userId);
        if (!kept) throw conflict('There is no saved card: enter one');
        saved = kept;
      } else saved = demo.saveCard(card, now);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 402) await failed(error.message);
      throw error;
    }
    if (!(await this.checkouts.complete(session.session_id, now.toISOString()))) {
      throw conflict('This checkout is already paid');
    }
    const keptTrial = await this.purchases.chooseDuringTrial({
      userId,
      plan,
      interval: session.billing_interval,
      currency: session.currency,
      provider: 'demo',
      customerId: `demo_cus_${userId}`,
      paymentMethod: saved.token,
      paymentSummary: saved.summary,
    });
    if (keptTrial) {
      await this.service.recordChange(userId, 'purchase', plan.plan_id);
      return { status: 'trialing' as const, payment_id: null, redirect: '/userprofile?checkout=trial' };
    }
    const outcome = demo.chargeToken(saved.token);
    if (!outcome.ok) {
      await failed(outcome.reason);
      await this.checkouts.reopen(session.session_id);
      throw cardDeclined(`${outcome.reason} Try another card.`);
    }
    const row = await this.purchases.activate({
      userId,
      plan,
      interval: session.billing_interval,
      priceCents: session.price_cents,
      currency: session.currency,
      provider: 'demo',
      periodStart: now,
      periodEnd: addIntervals(now, session.billing_interval),
      customerId: `demo_cus_${userId}`,
      paymentMethod: saved.token,
      paymentSummary: saved.summary,
    });
    const payment = await this.service.recordPayment({
      userId,
      subscriptionId: row.subscription_id,
      planId: plan.plan_id,
      amountCents: session.price_cents,
      currency: session.currency,
      status: 'succeeded',
      provider: 'demo',
      providerRef: outcome.ref,
      description,
    });
    await this.service.recordChange(userId, 'purchase', plan.plan_id);
    return {
      status: 'active' as const,
      payment_id: payment.payment_id,
      redirect: '/userprofile?checkout=success',
    };
  }

  /** Update Payment info in demo mode: saves another test card; a past-due renewal is retried with it at once. */
  async saveCard(userId: number, card: CardInput): Promise<SubscriptionReply> {
    const demo = this.requireDemo();
    const { access, row } = await this.service.state(userId);
    const planBought = access.status === 'trialing' && row?.scheduled_plan_id != null;
    if (
      row?.provider !== 'demo' ||
      (access.status !== 'active' && access.status !== 'past_due' && !planBought)
    ) {
      throw conflict('Choose a plan first: the card is saved with your purchase');
    }
    const saved = demo.saveCard(card, this.clock.now());
    await this.subscriptions.update(row.subscription_id, {
      provider_payment_method: saved.token,
      payment_method_summary: saved.summary,
      updated_at: this.clock.now().toISOString(),
    });
    if (access.status === 'past_due') {
      const updated = (await this.subscriptions.findById(row.subscription_id))!;
      await this.renewal.retryNow(updated);
    }
    return this.service.view(userId);
  }

  private sessionStatus(session: CheckoutRow) {
    return checkoutStatus(session, this.clock.now());
  }

  private requireDemo(): DemoProvider {
    if (!this.demo) throw notFound('Demo payments are off: this server takes real payments');
    return this.demo;
  }

  private async requireSession(
    userId: number,
    sessionId: string,
  ): Promise<{ session: CheckoutRow; plan: PlanRow }> {
    this.requireDemo();
    const session = await this.checkouts.find(sessionId);
    // Another viewer's checkout is reported as missing, not as forbidden.
    if (!session || session.user_id !== userId || session.provider !== 'demo') {
      throw notFound('This checkout does not exist');
    }
    const plan = await this.plans.findById(session.plan_id);
    if (!plan) throw notFound('This plan does not exist');
    return { session, plan };
  }
}
