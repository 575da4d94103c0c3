import {
  CLICK_CARD_CODE_MINUTES,
  CLICK_CARD_CODE_TRIES,
  CLICK_CARDS_PER_HOUR,
  type clickCardBodySchema,
  type SubscriptionReply,
} from '@salomtv/contract';
import type { z } from 'zod';
import { type Clock, HOUR_MS } from '../../lib/clock.js';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.js';
import type { RateLimitService } from '../../platform/limits/service.js';
import type { ClickCardRequestRepo } from './click-card-repo.js';
import type { ClickProvider } from './providers/click.js';
import type { SubscriptionRepo } from './subscription-repo.js';
import type { SubscriptionService } from './subscription-service.js';

export interface ClickCardDeps {
  /** undefined: Click is not set up on this server. */
  click: ClickProvider | undefined;
  requests: ClickCardRequestRepo;
  /** Each card sent makes Click text its owner: an account sends at most a few an hour. */
  limits: Pick<RateLimitService, 'consume'>;
  subscriptions: SubscriptionRepo;
  service: SubscriptionService;
  clock: Clock;
}

const CODE_MS = CLICK_CARD_CODE_MINUTES * 60_000;
const CARDS_PER_HOUR = { limit: CLICK_CARDS_PER_HOUR, windowMs: HOUR_MS };

/**
 * A card Click keeps for a plan paid through Click, so renewals are paid with it: Click is asked to keep the card
 * (and texts its owner a code), the code confirms it, and from then on the renewal timer pays each period with
 * the card's token. Without a kept card a Click plan ends with its period unless paid again on Click's page.
 */
export class ClickCardService {
  constructor(private readonly deps: ClickCardDeps) {}

  async request(
    userId: number,
    body: z.output<typeof clickCardBodySchema>,
  ): Promise<{ phone_number: string }> {
    const click = this.requireClick();
    await this.clickSubscription(userId);
    const sent = await this.deps.limits.consume(`click-card:${userId}`, CARDS_PER_HOUR);
    if (!sent.allowed)
      throw tooManyRequests(sent.retryAfterSeconds, 'Too many cards sent to Click: try again later');
    const outcome = await click.requestCardToken(body.card_number, body.expire_date);
    if (!outcome.ok) throw badRequest(outcome.reason, { card_number: outcome.reason });
    await this.deps.requests.put({
      user_id: userId,
      card_token: outcome.cardToken,
      phone_number: outcome.phoneNumber,
      created_at: this.deps.clock.now().toISOString(),
    });
    return { phone_number: outcome.phoneNumber };
  }

  async verify(userId: number, smsCode: string): Promise<SubscriptionReply> {
    const click = this.requireClick();
    const now = this.deps.clock.now();
    const pending = await this.deps.requests.claimTry(
      userId,
      CLICK_CARD_CODE_TRIES,
      new Date(now.getTime() - CODE_MS).toISOString(),
    );
    if (!pending) {
      const waiting = await this.deps.requests.find(userId);
      if (
        waiting &&
        waiting.attempts >= CLICK_CARD_CODE_TRIES &&
        Date.parse(waiting.created_at) > now.getTime() - CODE_MS
      )
        throw tooManyRequests(60, 'Too many codes tried: enter the card again for a new code');
      throw badRequest('No card is waiting for a code: enter the card again', {
        sms_code: 'Enter the card again',
      });
    }
    const subscription = await this.clickSubscription(userId);
    const outcome = await click.verifyCardToken(pending.card_token, smsCode);
    if (!outcome.ok) throw badRequest(outcome.reason, { sms_code: outcome.reason });
    const last4 = outcome.cardNumber.replace(/\D/g, '').slice(-4);
    await this.deps.subscriptions.update(subscription.subscription_id, {
      provider_payment_method: pending.card_token,
      payment_method_summary: last4 ? `Click •••• ${last4}` : 'Click card',
      // A past-due plan is paid with the card at once; an active one at its period's end.
      next_attempt_at:
        subscription.status === 'past_due' ? now.toISOString() : subscription.current_period_end,
      updated_at: now.toISOString(),
    });
    await this.deps.requests.delete(userId);
    return this.deps.service.view(userId);
  }

  /** The account's plan, if it is one paid through Click that is running or in its grace period. */
  private async clickSubscription(userId: number) {
    const subscription = await this.deps.subscriptions.findByUser(userId);
    if (
      subscription?.provider !== 'click' ||
      (subscription.status !== 'active' && subscription.status !== 'past_due')
    ) {
      throw conflict('Only a plan paid through Click can keep a card with Click');
    }
    return subscription;
  }

  private requireClick(): ClickProvider {
    if (!this.deps.click) throw notFound('Click is not a payment provider of this server');
    return this.deps.click;
  }
}
