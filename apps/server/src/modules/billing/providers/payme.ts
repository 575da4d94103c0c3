import type { PaymeSettings } from '../../../config.js';
import { badRequest } from '../../../lib/errors.js';
import { paymeCheckoutUrl } from './payme-protocol.js';
import {
  type CheckoutRequest,
  checkoutReturnUrl,
  type PaymentProvider,
  type UpgradeOutcome,
} from './provider.js';

/** Payme takes so'm only. */
export const PAYME_CURRENCY = 'UZS';

const NOT_SAVED = 'Payme is paid on its own page for each period: no card is kept with Payme for renewals';

/**
 * Payme's Merchant API: the viewer pays on Payme's checkout page, and Payme tells us through JSON-RPC calls
 * (PaymeMerchantService). Each period is a payment of its own: no card is saved with Payme here, so our timer
 * charges no renewals and a plan ends with its period unless paid again.
 */
export class PaymeProvider implements PaymentProvider {
  readonly name = 'payme' as const;
  readonly chargesRenewals = false;

  constructor(private readonly settings: PaymeSettings) {}

  /** Whether Payme can take a payment in this currency. */
  takes(currency: string): boolean {
    return currency.toUpperCase() === PAYME_CURRENCY;
  }

  async createCheckout(request: CheckoutRequest) {
    if (!this.takes(request.currency)) {
      throw badRequest(`Payme takes payments in so'm (UZS) only, not ${request.currency}`, {
        currency: "Payme takes so'm (UZS) only",
      });
    }
    const url = paymeCheckoutUrl(this.settings.checkoutUrl, {
      merchantId: this.settings.merchantId,
      orderId: request.sessionId,
      // Tiyin are our minor unit of so'm, as Payme counts them.
      amountTiyin: request.priceCents,
      returnUrl: checkoutReturnUrl(this.settings.publicUrl, request.sessionId),
    });
    return { url, providerSessionId: null };
  }

  async portalUrl(): Promise<string> {
    return '/pricingplan';
  }

  async charge() {
    return { ok: false as const, ref: null, reason: NOT_SAVED };
  }

  async upgrade(): Promise<UpgradeOutcome> {
    return { status: 'declined', ref: null, reason: NOT_SAVED };
  }

  /** The next period is bought at the plan's price then: nothing is kept at Payme to change. */
  async setRenewalPrice(): Promise<void> {}

  async setCancelAtPeriodEnd(): Promise<void> {}

  async cancelNow(): Promise<void> {}
}
