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
  type UpgradeRequest,
} from './provider.js';

/** Click takes so'm only. */
export const CLICK_CURRENCY = 'UZS';

const NOT_SAVED = 'Click is paid on its own page for each period: no card is kept with Click for renewals';
const CHARGE_TIMEOUT_MS = 20_000;

/** What Click's Merchant API answers: an error code (0 for success), its note, and the call's own fields. */
interface MerchantAnswer {
  error_code?: number;
  error_note?: string;
  payment_id?: number | string;
  payment_status?: number;
  card_token?: string;
  phone_number?: string;
  card_number?: string;
}

/** A Merchant API call's outcome: Click's answer, or why there is none. */
type MerchantReply = { reached: true; answer: MerchantAnswer } | { reached: false };

/** A card Click holds for us after `card_token/request`: its token, and the phone the SMS code went to. */
export type CardTokenRequest =
  | { ok: true; cardToken: string; phoneNumber: string }
  | { ok: false; reason: string };
export type CardTokenVerified = { ok: true; cardNumber: string } | { ok: false; reason: string };
export type ReversalOutcome = { ok: true } | { ok: false; reason: string };

const UNREACHABLE = 'Click could not be reached';

/**
 * Click's SHOP API: the viewer pays on Click's page, and Click tells us through Prepare and Complete
 * (ClickShopService). A card the viewer gives Click to keep (card_token/request and /verify, ClickCardService)
 * pays the renewals: `charge` pays with the subscription's token through the Merchant API. Without one, a plan
 * ends with its period unless paid again on Click's page.
 */
export class ClickProvider implements PaymentProvider {
  readonly name = 'click' as const;
  /** Our timer pays renewals with a kept card; a subscription without one has no renewal due. */
  readonly chargesRenewals = true;

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

  /** Our own page, where the viewer gives Click a card to keep for renewals. */
  async portalUrl(): Promise<string> {
    return '/userprofile/payment';
  }

  /** `card_token/payment` with the subscription's saved card token; the amount in so'm. */
  async charge(subscription: SubscriptionRow, amountCents: number, currency: string): Promise<ChargeOutcome> {
    const token = subscription.provider_payment_method;
    if (!token) return { ok: false, ref: null, reason: NOT_SAVED };
    if (currency.toUpperCase() !== CLICK_CURRENCY)
      return { ok: false, ref: null, reason: `Click takes so'm only, not ${currency}` };
    const reply = await this.merchantCall('POST', 'card_token/payment', {
      service_id: Number(this.settings.serviceId),
      card_token: token,
      // A decimal string read as a number writes back the same digits: no arithmetic on it.
      amount: Number(tiyinToSom(amountCents)),
      transaction_parameter: `renewal-${subscription.subscription_id}-${this.clock.now().getTime()}`,
    });
    if (!reply.reached)
      return { ok: false, ref: null, reason: `${UNREACHABLE}: the payment will be tried again` };
    const { answer } = reply;
    const ref = answer.payment_id != null ? String(answer.payment_id) : null;
    if (answer.error_code === 0 && ref) return { ok: true, ref };
    return { ok: false, ref, reason: answer.error_note || 'Click declined the payment' };
  }

  /**
   * `card_token/request`: Click keeps the card (not a temporary token: it pays renewals) and sends its owner an SMS
   * code. `expireDate` is MMYY, as Click asks for it.
   */
  async requestCardToken(cardNumber: string, expireDate: string): Promise<CardTokenRequest> {
    const reply = await this.merchantCall('POST', 'card_token/request', {
      service_id: Number(this.settings.serviceId),
      card_number: cardNumber,
      expire_date: expireDate,
      temporary: 0,
    });
    if (!reply.reached) return { ok: false, reason: UNREACHABLE };
    const { answer } = reply;
    if (answer.error_code === 0 && answer.card_token)
      return { ok: true, cardToken: answer.card_token, phoneNumber: answer.phone_number ?? '' };
    return { ok: false, reason: answer.error_note || 'Click did not accept the card' };
  }

  /** `card_token/verify`: the SMS code confirms the card; Click answers its masked number. */
  async verifyCardToken(cardToken: string, smsCode: string): Promise<CardTokenVerified> {
    const reply = await this.merchantCall('POST', 'card_token/verify', {
      service_id: Number(this.settings.serviceId),
      card_token: cardToken,
      sms_code: Number(smsCode),
    });
    if (!reply.reached) return { ok: false, reason: UNREACHABLE };
    const { answer } = reply;
    if (answer.error_code === 0) return { ok: true, cardNumber: answer.card_number ?? '' };
    return { ok: false, reason: answer.error_note || 'Click did not confirm the card' };
  }

  /** `payment/reversal`: gives a Click payment back to the card (Click allows it within the payment's month). */
  async reversePayment(clickPaymentId: string): Promise<ReversalOutcome> {
    if (!/^\d{1,20}$/.test(clickPaymentId)) return { ok: false, reason: 'Not a Click payment id' };
    const path = `payment/reversal/${encodeURIComponent(this.settings.serviceId)}/${clickPaymentId}`;
    const reply = await this.merchantCall('DELETE', path);
    if (!reply.reached) return { ok: false, reason: UNREACHABLE };
    if (reply.answer.error_code === 0) return { ok: true };
    return { ok: false, reason: reply.answer.error_note || 'Click refused the reversal' };
  }

  /** One Merchant API call, signed with the Auth header; `reached: false` when no JSON answer came. */
  private async merchantCall(method: 'POST' | 'DELETE', path: string, body?: object): Promise<MerchantReply> {
    const { apiUrl, merchantUserId, secretKey } = this.settings;
    const headers: Record<string, string> = {
      accept: 'application/json',
      auth: clickAuthHeader(merchantUserId, secretKey, Math.floor(this.clock.now().getTime() / 1000)),
    };
    if (body) headers['content-type'] = 'application/json';
    try {
      const response = await this.fetchImpl(`${apiUrl}/${path}`, {
        method,
        headers,
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(CHARGE_TIMEOUT_MS),
      });
      return { reached: true, answer: (await response.json()) as MerchantAnswer };
    } catch {
      return { reached: false };
    }
  }

  /** The prorated difference, paid at once with the kept card. */
  async upgrade(subscription: SubscriptionRow, request: UpgradeRequest): Promise<UpgradeOutcome> {
    const outcome = await this.charge(subscription, request.amountCents, request.currency);
    return outcome.ok
      ? { status: 'paid', ref: outcome.ref }
      : { status: 'declined', ref: outcome.ref, reason: outcome.reason };
  }

  /** The next period is bought at the plan's price then: nothing is kept at Click to change. */
  async setRenewalPrice(): Promise<void> {}

  async setCancelAtPeriodEnd(): Promise<void> {}

  async cancelNow(): Promise<void> {}
}
