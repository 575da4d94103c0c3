import type { ClickSettings } from '../../../config.js';
import { badRequest } from '../../../lib/errors.js';
import { tiyinToSom } from './click-protocol.js';
import type { ChargeOutcome, CheckoutRequest, PaymentProvider, UpgradeOutcome } from './provider.js';

/** Click takes so'm only. */
export const CLICK_CURRENCY = 'UZS';

const NOT_SAVED = 'Click is paid on its own page for each period: no card is kept with Click for renewals';

/**
 * Click's SHOP API: the viewer pays on Click's page, and Click tells us through Prepare and Complete
 * (ClickShopService). Each period is a payment of its own on that page: we keep no card token, so renewals are
 * not charged by our timer and a plan ends with its period unless paid again.
 */
export class ClickProvider implements PaymentProvider {
  readonly name = 'click' as const;
  readonly chargesRenewals = false;

  constructor(private readonly settings: ClickSettings) {}

  async createCheckout(request: CheckoutRequest) {
    if (request.currency.toUpperCase() !== CLICK_CURRENCY) {
      throw badRequest(`Click takes payments in so'm (UZS) only, not ${request.currency}`, {
        currency: "Click takes so'm (UZS) only",
      });
    }
    const returnUrl = `${this.settings.publicUrl}/userprofile?checkout=success&session_id=${encodeURIComponent(
      request.sessionId,
    )}`;
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

  async charge(): Promise<ChargeOutcome> {
    return { ok: false, ref: null, reason: NOT_SAVED };
  }

  async upgrade(): Promise<UpgradeOutcome> {
    return { status: 'declined', ref: null, reason: NOT_SAVED };
  }

  /** The next period is bought at the plan's price then: nothing is kept at Click to change. */
  async setRenewalPrice(): Promise<void> {}

  async setCancelAtPeriodEnd(): Promise<void> {}

  async cancelNow(): Promise<void> {}
}
