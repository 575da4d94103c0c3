import type { BillingInterval, PaymentProviderName } from '@salomtv/contract';
import type { SubscriptionRow } from '../account-billing.js';
import type { PlanRow } from '../plan-repo.js';

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
  now: Date;
  expiresAt: Date;
  /** Bought during the free trial: the card is saved now and first charged then. */
  firstPaymentAt: Date | null;
}

export type ChargeOutcome = { ok: true; ref: string } | { ok: false; ref: string | null; reason: string };

/** A move to a dearer plan: its price from now on, and the prorated difference to pay for the rest of the period. */
export interface UpgradeRequest {
  plan: PlanRow;
  interval: BillingInterval;
  priceCents: number;
  amountCents: number;
  currency: string;
  description: string;
  /** The moment the proration is computed for. */
  at: Date;
}

/**
 * `paid`: charged at once (the upgrade applies now); `invoiced`: the provider bills it and reports the invoice's
 * payment by webhook (the upgrade applies then); `declined`: nothing changed.
 */
export type UpgradeOutcome =
  | { status: 'paid'; ref: string }
  | { status: 'invoiced'; invoiceId: string | null }
  | { status: 'declined'; ref: string | null; reason: string };

/** A payment provider: the demo one built in, or Stripe. The subscription service talks only to this. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** true: our renewal timer charges the saved payment method; false: the provider renews and reports by webhook. */
  readonly chargesRenewals: boolean;
  /** Whether payments in this currency (ISO 4217) go through this provider. */
  takes(currency: string): boolean;
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
  /** Bills the prorated difference of an upgrade now, with the saved payment method. */
  upgrade(subscription: SubscriptionRow, request: UpgradeRequest): Promise<UpgradeOutcome>;
  /**
   * The price the next period is billed at, with nothing charged now: a downgrade, its undo, a switch at the same
   * price, another plan chosen during the trial.
   */
  setRenewalPrice(
    subscription: SubscriptionRow,
    plan: PlanRow,
    interval: BillingInterval,
    priceCents: number,
  ): Promise<void>;
  setCancelAtPeriodEnd(subscription: SubscriptionRow, cancel: boolean): Promise<void>;
  /** Ends the subscription at once (a past-due one the viewer gives up). */
  cancelNow(subscription: SubscriptionRow): Promise<void>;
}

/** Our page a provider sends the viewer back to after paying: it shows the checkout's result once the provider has told us. */
export function checkoutReturnUrl(publicUrl: string, sessionId: string): string {
  return `${publicUrl}/checkout/return?session=${encodeURIComponent(sessionId)}`;
}
