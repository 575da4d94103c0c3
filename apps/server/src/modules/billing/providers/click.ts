import type { ClickSettings } from '../../../config.js';
import type { Clock } from '../../../lib/clock.js';
import { badRequest } from '../../../lib/errors.js';
import type { SubscriptionRow } from '../account-billing.js';
import { clickAuthHeader, tiyinToSom } from './click-protocol.js';
import {
  type ChargeOutcome,
  type CheckoutRequest,
  checkoutReturnUrl,
  type PaymentProvider,
  type UpgradeOutcome,
} from './provider.js';

/** Click takes so'm only. */
export const CLICK_CURRENCY = 'UZS';

const NOT_SAVED = 'Click is paid on its own page for each period: no card is kept with Click for renewals';
const CHARGE_TIMEOUT_MS = 20_000;

/** What Click's Merchant API answers to `card_token/payment`. */
interface TokenPaymentAnswer {
  error_code?: number;
  error_note?: string;
  payment_id?: number | string;
  payment_status?: number;
}

/**
 * Click's SHOP API: the viewer pays on Click's page, and Click tells us through Prepare and Complete
 * (ClickShopService). Each period is a payment of its own on that page: the checkout saves no card token (that is
 * Click's card_token/request and /verify, in the browser), so our timer charges no renewals and a plan ends with its
 * period unless paid again. `charge` pays with a token already on the subscription, through the Merchant API.
 */
export class ClickProvider implements PaymentProvider {
  readonly name = 'click' as const;
  readonly chargesRenewals = false;

  takes(currency: string): boolean {
    return currency.toUpperCase() === CLICK_CURRENCY;
  }

  constructor(
    private readonly settings: ClickSettings,
    private readonly clock: Clock,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async createCheckout(request: CheckoutRequest) {
    if (request.currency.toUpperCase() !== CLICK_CURRENCY) {
      throw badRequest(`Click takes payments in so'm (UZS) only, not ${request.currency}`, {
        currency: "Click takes so'm (UZS) only",
      });
    }
    const returnUrl = checkoutReturnUrl(this.settings.publicUrl, request.sessionId);
    const query = new URLSearchParams({
      service_id: this.settings.serviceId,
      merchant_id: this.settings.merchantId,
      amount: tiyinToSom(request.priceCents),
      transaction_param: request.sessionId,
      return_url: returnUrl,
    });
    return { url: `${this.settings.checkoutUrl}/services/pay?${query}`, providerSessionId: null };
  }

  async portalUrl(): Promise<string> {
    return '/pricingplan';
  }

  /** `card_token/payment` with the subscription's saved card token; the amount in so'm. */
  async charge(subscription: SubscriptionRow, amountCents: number, currency: string): Promise<ChargeOutcome> {
    const token = subscription.provider_payment_method;
    if (!token) return { ok: false, ref: null, reason: NOT_SAVED };
    if (currency.toUpperCase() !== CLICK_CURRENCY)
      return { ok: false, ref: null, reason: `Click takes so'm only, not ${currency}` };
    const now = this.clock.now();
    const { apiUrl, serviceId, merchantUserId, secretKey } = this.settings;
    const headers = {
      accept: 'application/json',
      'content-type': 'application/json',
      auth: clickAuthHeader(merchantUserId, secretKey, Math.floor(now.getTime() / 1000)),
    };
    const body = JSON.stringify({
      service_id: Number(serviceId),
      card_token: token,
      // A decimal string read as a number writes back the same digits: no arithmetic on it.
      amount: Number(tiyinToSom(amountCents)),
      transaction_parameter: `renewal-${subscription.subscription_id}-${now.getTime()}`,
    });
    let answer: TokenPaymentAnswer;
    try {
      const response = await this.fetchImpl(`${apiUrl}/card_token/payment`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(CHARGE_TIMEOUT_MS),
      });
      answer = (await response.json()) as TokenPaymentAnswer;
    } catch {
      return { ok: false, ref: null, reason: 'Click could not be reached: the payment will be tried again' };
    }
    const ref = answer.payment_id != null ? String(answer.payment_id) : null;
    if (answer.error_code === 0 && ref) return { ok: true, ref };
    return { ok: false, ref, reason: answer.error_note || 'Click declined the payment' };
  }

  async upgrade(): Promise<UpgradeOutcome> {
    return { status: 'declined', ref: null, reason: NOT_SAVED };
  }

  /** The next period is bought at the plan's price then: nothing is kept at Click to change. */
  async setRenewalPrice(): Promise<void> {}

  async setCancelAtPeriodEnd(): Promise<void> {}

  async cancelNow(): Promise<void> {}
}
