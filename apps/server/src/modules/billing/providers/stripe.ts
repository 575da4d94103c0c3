import { createRequire } from 'node:module';
import type { BillingInterval } from '@salomtv/contract';
import type Stripe from 'stripe';
import { AppError, badRequest, conflict } from '../../../lib/errors.js';
import type { SubscriptionRow } from '../account-billing.js';
import type { PlanRow } from '../plan-repo.js';
import type {
  ChargeOutcome,
  CheckoutRequest,
  PaymentProvider,
  UpgradeOutcome,
  UpgradeRequest,
} from './provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The site's public address, for the pages Stripe sends the viewer back to. */
  publicUrl: string;
}

/** The parts of the Stripe client this adapter uses (tests replace these methods: no network). */
export type StripeClient = Pick<
  Stripe,
  'checkout' | 'billingPortal' | 'subscriptions' | 'products' | 'webhooks'
>;

let stripeModule: typeof Stripe | undefined;
/** The Stripe library, loaded on first use: only a deployment that takes payments through Stripe pays its start. */
function stripeLibrary(): typeof Stripe {
  stripeModule ??= createRequire(import.meta.url)('stripe') as typeof Stripe;
  return stripeModule;
}

export function createStripeClient(secretKey: string): Stripe {
  const Stripe = stripeLibrary();
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'SalomTV' } });
}

function priceData(currency: string, product: string, priceCents: number, interval: BillingInterval) {
  return { currency: currency.toLowerCase(), product, unit_amount: priceCents, recurring: { interval } };
}

/** Stripe is not offered for so'm: Uzbekistan's viewers pay through Payme or Click. */
const STRIPE_REFUSES = new Set(['UZS']);

/** Stripe's product for one of our plans has a fixed id, so every price of that plan hangs off one product. */
export function stripeProductId(plan: PlanRow): string {
  return `salomtv_plan_${plan.plan_id}`;
}

/** Stripe Checkout takes a trial end only this far ahead; a nearer first payment anchors the billing cycle instead. */
const CHECKOUT_TRIAL_MIN_MS = 48 * 60 * 60 * 1000;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * How a Checkout Session defers the first payment to the end of our free trial: as a Stripe trial, or, when that
 * is under Stripe's 48 hours, as a billing cycle anchored then with the time before it free (no proration).
 */
function deferredStart(request: CheckoutRequest): Stripe.Checkout.SessionCreateParams.SubscriptionData {
  const at = request.firstPaymentAt;
  if (!at) return {};
  if (at.getTime() - request.now.getTime() >= CHECKOUT_TRIAL_MIN_MS) return { trial_end: unix(at) };
  return { billing_cycle_anchor: unix(at), proration_behavior: 'none' };
}

const providerUnavailable = () =>
  new AppError(502, 'provider_unavailable', 'The payment provider could not be reached, try again shortly');

/**
 * Stripe: Checkout Sessions in subscription mode with the plan's price given inline (the plans table is the
 * source of prices, so no Stripe price ids need configuring), the Billing Portal for the payment method, and
 * webhooks (see stripe-webhook-service.ts) for everything Stripe does later: renewals, failures, cancellations.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly chargesRenewals = false;

  takes(currency: string): boolean {
    return !STRIPE_REFUSES.has(currency.toUpperCase());
  }

  constructor(
    readonly client: StripeClient,
    private readonly settings: StripeSettings,
  ) {}

  async createCheckout(request: CheckoutRequest) {
    const { plan, interval } = request;
    const base = this.settings.publicUrl;
    const metadata = {
      session_id: request.sessionId,
      user_id: String(request.userId),
      plan_id: String(plan.plan_id),
      interval,
      ...(request.firstPaymentAt ? { first_payment_at: request.firstPaymentAt.toISOString() } : {}),
    };
    const session = await this.call(async () =>
      this.client.checkout.sessions.create(
        {
          mode: 'subscription',
          client_reference_id: String(request.userId),
          ...(request.customerId ? { customer: request.customerId } : {}),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.priceCents,
                recurring: { interval },
                product: await this.ensureProduct(plan),
              },
            },
          ],
          metadata,
          subscription_data: {
            metadata: { user_id: String(request.userId), plan_id: String(plan.plan_id), interval },
            ...deferredStart(request),
          },
          success_url: `${base}/userprofile?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${base}/pricingplan?checkout=canceled`,
          expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: `checkout-${request.sessionId}` },
      ),
    );
    if (!session.url) throw providerUnavailable();
    return { url: session.url, providerSessionId: session.id };
  }

  async portalUrl(subscription: SubscriptionRow): Promise<string> {
    if (!subscription.provider_customer_id) {
      throw conflict('There is no payment method on file yet: choose a plan first');
    }
    const session = await this.call(() =>
      this.client.billingPortal.sessions.create({
        customer: subscription.provider_customer_id!,
        return_url: `${this.settings.publicUrl}/userprofile`,
      }),
    );
    return session.url;
  }

  async charge(): Promise<ChargeOutcome> {
    // Stripe renews subscriptions itself and reports through invoice.paid / invoice.payment_failed.
    return { ok: false, ref: null, reason: 'Stripe renews this subscription itself' };
  }

  /**
   * Moves the subscription to the dearer price and invoices the proration now (`always_invoice`, computed at the
   * same moment as our preview). `error_if_incomplete`: a payment that fails leaves the subscription unchanged and
   * answers 402. The upgrade applies on `invoice.paid` for the invoice answered here.
   */
  async upgrade(subscription: SubscriptionRow, request: UpgradeRequest): Promise<UpgradeOutcome> {
    const { id, item } = await this.currentItem(subscription);
    const product = await this.call(() => this.ensureProduct(request.plan));
    try {
      const updated = await this.call(() =>
        this.client.subscriptions.update(id, {
          items: [
            {
              id: item,
              price_data: priceData(request.currency, product, request.priceCents, request.interval),
            },
          ],
          proration_behavior: 'always_invoice',
          proration_date: unix(request.at),
          payment_behavior: 'error_if_incomplete',
        }),
      );
      const invoice = updated.latest_invoice;
      return { status: 'invoiced', invoiceId: typeof invoice === 'string' ? invoice : (invoice?.id ?? null) };
    } catch (error) {
      if (error instanceof AppError && error.code === 'card_declined')
        return { status: 'declined', ref: null, reason: error.message };
      throw error;
    }
  }

  /** The next period's price, with no proration: what was paid for this period stays as it is. */
  async setRenewalPrice(
    subscription: SubscriptionRow,
    plan: PlanRow,
    interval: BillingInterval,
    priceCents: number,
  ): Promise<void> {
    const { id, item } = await this.currentItem(subscription);
    const product = await this.call(() => this.ensureProduct(plan));
    await this.call(() =>
      this.client.subscriptions.update(id, {
        items: [{ id: item, price_data: priceData(subscription.currency, product, priceCents, interval) }],
        proration_behavior: 'none',
      }),
    );
  }

  async setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<void> {
    const id = this.requireSubscriptionId(subscription);
    await this.call(() => this.client.subscriptions.update(id, { cancel_at_period_end: cancel }));
  }

  async cancelNow(subscription: SubscriptionRow): Promise<void> {
    const id = this.requireSubscriptionId(subscription);
    await this.call(() => this.client.subscriptions.cancel(id));
  }

  /** Verifies a webhook's signature against the raw body and returns the event; a bad one is a 400. */
  verifyEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw badRequest('The Stripe-Signature header is missing');
    try {
      return this.client.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch {
      throw new AppError(400, 'bad_signature', 'The webhook signature is not valid');
    }
  }

  /** The plan's product, created (or renamed) as needed. */
  private async ensureProduct(plan: PlanRow): Promise<string> {
    const id = stripeProductId(plan);
    const name = `SalomTV ${plan.name}`;
    try {
      const product = await this.client.products.retrieve(id);
      if (product.name !== name || !product.active)
        await this.client.products.update(id, { name, active: true });
    } catch (error) {
      if (
        !(error instanceof stripeLibrary().errors.StripeInvalidRequestError) ||
        error.code !== 'resource_missing'
      )
        throw error;
      await this.client.products.create({ id, name, metadata: { plan_id: String(plan.plan_id) } });
    }
    return id;
  }

  private async currentItem(subscription: SubscriptionRow): Promise<{ id: string; item: string }> {
    const id = this.requireSubscriptionId(subscription);
    const current = await this.call(() => this.client.subscriptions.retrieve(id));
    const item = current.items.data[0];
    if (!item) throw conflict('The Stripe subscription has no item to change');
    return { id, item: item.id };
  }

  private requireSubscriptionId(subscription: SubscriptionRow): string {
    if (!subscription.provider_subscription_id) throw conflict('This subscription is not managed by Stripe');
    return subscription.provider_subscription_id;
  }

  private async call<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof stripeLibrary().errors.StripeCardError)
        throw new AppError(402, 'card_declined', error.message);
      if (error instanceof stripeLibrary().errors.StripeError) throw providerUnavailable();
      throw error;
    }
  }
}
