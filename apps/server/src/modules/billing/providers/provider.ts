import type { BillingInterval, PaymentProviderName } from '@salomtv/contract';
import type { PlanRow } from '../plan-repo.js';
import type { SubscriptionRow } from '../subscription-repo.js';

export interface CheckoutRequest {
  /** Our checkout session id (also the idempotency key at the provider). */
  sessionId: string;
  userId: number;
  plan: PlanRow;
  interval: BillingInterval;
  priceCents: number;
  currency: string;
  /** The provider's customer from an earlier subscription, to reuse. */
  customerId: string | null;
  expiresAt: Date;
}

export type ChargeOutcome = { ok: true; ref: string } | { ok: false; ref: string | null; reason: string };

/** A payment provider: the demo one built in, or Stripe. The subscription service talks only to this. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** true: our renewal timer charges the saved payment method; false: the provider renews and reports by webhook. */
  readonly chargesRenewals: boolean;
  /** The page the viewer goes to for paying. */
  createCheckout(request: CheckoutRequest): Promise<{ url: string; providerSessionId: string | null }>;
  /** Where the viewer manages the payment method. */
  portalUrl(subscription: SubscriptionRow): Promise<string>;
  /** Charges the saved payment method (only when `chargesRenewals`). */
  charge(
    subscription: SubscriptionRow,
    amountCents: number,
    currency: string,
    description: string,
  ): Promise<ChargeOutcome>;
  /** The plan changed now; the new price applies from the next period (no proration). */
  changePlan(
    subscription: SubscriptionRow,
    plan: PlanRow,
    interval: BillingInterval,
    priceCents: number,
  ): Promise<void>;
  setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<void>;
  /** Ends the subscription at once (a past-due one the viewer gives up). */
  cancelNow(subscription: SubscriptionRow): Promise<void>;
}
