import { DEMO_CARDS, expiryValid, luhnValid } from '@salomtv/contract';
import { AppError, badRequest } from '../../../lib/errors.js';
import { randomToken } from '../../../lib/tokens.js';
import type { SubscriptionRow } from '../account-billing.js';
import { cardSummary } from './cards.js';
import type { ChargeOutcome, CheckoutRequest, PaymentProvider, UpgradeOutcome } from './provider.js';

export interface CardInput {
  card_number: string;
  exp: string;
  cvc: string;
  name: string;
}

/** A card the demo provider accepted: what is kept is a token and a summary, never the number. */
export interface SavedCard {
  token: string;
  summary: string;
}

type Behaviour = 'ok' | 'fails' | 'insufficient';

/** Stripe's well-known test numbers, with what each does here. */
const TEST_CARDS: Record<string, Behaviour | 'declined'> = {
  [DEMO_CARDS.success]: 'ok',
  '5555555555554444': 'ok',
  [DEMO_CARDS.declined]: 'declined',
  [DEMO_CARDS.chargeFails]: 'fails',
  '4000000000009995': 'insufficient',
};

export const DEMO_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'Succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'Declined' },
  { number: '4000 0000 0000 0341', outcome: 'Saved, but later renewals fail' },
];

export const cardDeclined = (message: string) => new AppError(402, 'card_declined', message);

/**
 * The built-in provider: a checkout page of our own, clearly marked as demo mode, that takes only test cards.
 * Renewals charge the saved card token.
 */
export class DemoProvider implements PaymentProvider {
  readonly name = 'demo' as const;
  readonly chargesRenewals = true;

  /** The demo stands in for every provider, so a fresh install can try a purchase in any currency. */
  takes(): boolean {
    return true;
  }

  async createCheckout(request: CheckoutRequest) {
    return {
      url: `/checkout/demo?session=${encodeURIComponent(request.sessionId)}`,
      providerSessionId: null,
    };
  }

  async portalUrl(): Promise<string> {
    return '/pricingplan';
  }

  /**
   * Checks a card as a processor would when saving it: a number that fails the Luhn check or an expired card is
   * a 400; the declined test card (and any number that is not a test card) is a 402.
   */
  saveCard(card: CardInput, now: Date): SavedCard {
    const digits = card.card_number.replace(/[\s-]/g, '');
    if (!luhnValid(digits)) {
      throw badRequest('This card number is not valid', { card_number: 'This card number is not valid' });
    }
    if (!expiryValid(card.exp, now)) {
      throw badRequest('This card has expired', { exp: 'This card has expired' });
    }
    const behaviour = TEST_CARDS[digits];
    if (behaviour === undefined) {
      throw cardDeclined('Demo mode takes only test cards: use 4242 4242 4242 4242');
    }
    if (behaviour === 'declined') throw cardDeclined('Your card was declined. Try another card.');
    return {
      token: `demo_pm_${behaviour}_${digits.slice(-4)}_${randomToken(6)}`,
      summary: cardSummary(digits),
    };
  }

  async charge(subscription: SubscriptionRow): Promise<ChargeOutcome> {
    return this.chargeToken(subscription.provider_payment_method);
  }

  chargeToken(token: string | null): ChargeOutcome {
    const ref = `demo_ch_${randomToken(12)}`;
    const behaviour = /^demo_pm_([a-z]+)_/.exec(token ?? '')?.[1];
    if (behaviour === 'ok') return { ok: true, ref };
    if (behaviour === 'insufficient') return { ok: false, ref, reason: 'Your card has insufficient funds.' };
    if (behaviour === 'fails') return { ok: false, ref, reason: 'Your card was declined.' };
    return { ok: false, ref: null, reason: 'No card is saved for this subscription.' };
  }

  async upgrade(subscription: SubscriptionRow): Promise<UpgradeOutcome> {
    const outcome = this.chargeToken(subscription.provider_payment_method);
    return outcome.ok
      ? { status: 'paid', ref: outcome.ref }
      : { status: 'declined', ref: outcome.ref, reason: outcome.reason };
  }

  /** Renewals charge the plan's price at the time, read by the renewal: nothing to tell. */
  async setRenewalPrice(): Promise<void> {}

  async setCancelAtPeriodEnd(): Promise<void> {}

  async cancelNow(): Promise<void> {}
}
