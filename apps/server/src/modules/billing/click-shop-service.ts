import {
  CLICK_ACTIONS,
  CLICK_ERRORS,
  type ClickCompleteReply,
  type ClickErrorCode,
  type ClickPrepareReply,
  clickCompleteFormSchema,
  clickPrepareFormSchema,
} from '@salomtv/contract';
import type { ClickSettings } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { CheckoutRepo, CheckoutRow } from './checkout-repo.js';
import type { ClickTransactionRepo, ClickTransactionRow } from './click-transaction-repo.js';
import type { PaidCheckouts } from './paid-checkout.js';
import { CLICK_CURRENCY } from './providers/click.js';
import { clickSignMatches, somToTiyin } from './providers/click-protocol.js';

const NOTES: Record<ClickErrorCode, string> = {
  [CLICK_ERRORS.success]: 'Success',
  [CLICK_ERRORS.signCheckFailed]: 'SIGN CHECK FAILED!',
  [CLICK_ERRORS.incorrectAmount]: 'Incorrect parameter amount',
  [CLICK_ERRORS.actionNotFound]: 'Action not found',
  [CLICK_ERRORS.alreadyPaid]: 'Already paid',
  [CLICK_ERRORS.userDoesNotExist]: 'User does not exist',
  [CLICK_ERRORS.transactionDoesNotExist]: 'Transaction does not exist',
  [CLICK_ERRORS.errorInRequest]: 'Error in request from click',
  [CLICK_ERRORS.transactionCancelled]: 'Transaction cancelled',
};

export interface ClickShopDeps {
  /** undefined: Click is not set up on this server. */
  settings: ClickSettings | undefined;
  transactions: ClickTransactionRepo;
  checkouts: CheckoutRepo;
  paid: PaidCheckouts;
  clock: Clock;
}

interface Ids {
  click_trans_id: number | null;
  merchant_trans_id: string | null;
}

/** The form's fields, first value of each, or null when it is not a form at all. */
function formFields(raw: unknown): Record<string, string> | null {
  if (typeof raw !== 'string') return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(raw)) fields[key] ??= value;
  return fields;
}

/** What of Click's ids can be read back from a form that did not pass, for the answer. */
function idsOf(fields: Record<string, string> | null): Ids {
  const clickId = fields?.click_trans_id;
  return {
    click_trans_id: clickId && /^\d{1,15}$/.test(clickId) ? Number(clickId) : null,
    merchant_trans_id: fields?.merchant_trans_id ?? null,
  };
}

/**
 * Click's SHOP API: Prepare (action 0) reserves a payment of one of our checkout sessions, Complete (action 1)
 * reports it paid (and the plan starts) or failed (a negative `error`: the order is cancelled). Both are signed
 * with the service's secret key, answered with Click's error codes, stored as they came and idempotent by
 * click_trans_id: a repeated call answers what the first was answered and records nothing twice.
 */
export class ClickShopService {
  constructor(private readonly deps: ClickShopDeps) {}

  async prepare(raw: unknown): Promise<ClickPrepareReply> {
    const settings = this.requireSettings();
    const fields = formFields(raw);
    const answer = (error: ClickErrorCode, ids: Ids, prepareId: number | null = null): ClickPrepareReply => ({
      ...ids,
      merchant_prepare_id: error === CLICK_ERRORS.success ? prepareId : null,
      error,
      error_note: NOTES[error],
    });
    const parsed = clickPrepareFormSchema.safeParse(fields ?? {});
    if (!parsed.success || parsed.data.service_id !== settings.serviceId)
      return answer(CLICK_ERRORS.errorInRequest, idsOf(fields));
    const form = parsed.data;
    const ids = { click_trans_id: Number(form.click_trans_id), merchant_trans_id: form.merchant_trans_id };
    if (!clickSignMatches(form, settings.secretKey, form.sign_string))
      return answer(CLICK_ERRORS.signCheckFailed, ids);
    if (form.action !== CLICK_ACTIONS.prepare) return answer(CLICK_ERRORS.actionNotFound, ids);

    const repeated = await this.deps.transactions.findByClickId(form.click_trans_id);
    if (repeated) return answer(this.repeatedPrepare(repeated), ids, repeated.merchant_prepare_id);
    const session = await this.clickSession(form.merchant_trans_id);
    if (!session) return answer(CLICK_ERRORS.userDoesNotExist, ids);
    const amount = somToTiyin(form.amount);
    if (amount !== session.price_cents) return answer(CLICK_ERRORS.incorrectAmount, ids);
    if (session.status === 'completed') return answer(CLICK_ERRORS.alreadyPaid, ids);
    const nowIso = this.deps.clock.now().toISOString();
    if (nowIso >= session.expires_at || (await this.deps.transactions.orderCancelled(session.session_id))) {
      return answer(CLICK_ERRORS.transactionCancelled, ids);
    }
    const row = await this.deps.transactions.insertIfNew({
      click_trans_id: form.click_trans_id,
      merchant_trans_id: session.session_id,
      state: 'prepared',
      amount_tiyin: amount,
      prepare_body: raw as string,
      complete_body: null,
      prepared_at: nowIso,
      completed_at: null,
      cancelled_at: null,
    });
    // Another delivery of this Prepare got in first: answer what it was answered.
    const kept = row ?? (await this.deps.transactions.findByClickId(form.click_trans_id))!;
    return answer(row ? CLICK_ERRORS.success : this.repeatedPrepare(kept), ids, kept.merchant_prepare_id);
  }

  async complete(raw: unknown): Promise<ClickCompleteReply> {
    const settings = this.requireSettings();
    const fields = formFields(raw);
    const answer = (
      error: ClickErrorCode,
      ids: Ids,
      confirmId: number | null = null,
    ): ClickCompleteReply => ({
      ...ids,
      merchant_confirm_id: error === CLICK_ERRORS.success ? confirmId : null,
      error,
      error_note: NOTES[error],
    });
    const parsed = clickCompleteFormSchema.safeParse(fields ?? {});
    if (!parsed.success || parsed.data.service_id !== settings.serviceId)
      return answer(CLICK_ERRORS.errorInRequest, idsOf(fields));
    const form = parsed.data;
    const ids = { click_trans_id: Number(form.click_trans_id), merchant_trans_id: form.merchant_trans_id };
    if (!clickSignMatches(form, settings.secretKey, form.sign_string))
      return answer(CLICK_ERRORS.signCheckFailed, ids);
    if (form.action !== CLICK_ACTIONS.complete) return answer(CLICK_ERRORS.actionNotFound, ids);

    const tx = await this.deps.transactions.findByClickId(form.click_trans_id);
    if (
      !tx ||
      String(tx.merchant_prepare_id) !== form.merchant_prepare_id ||
      tx.merchant_trans_id !== form.merchant_trans_id
    ) {
      return answer(CLICK_ERRORS.transactionDoesNotExist, ids);
    }
    const confirmId = tx.merchant_prepare_id;
    if (somToTiyin(form.amount) !== tx.amount_tiyin) return answer(CLICK_ERRORS.incorrectAmount, ids);
    if (tx.state !== 'prepared') return answer(this.repeatedComplete(tx), ids, confirmId);

    const nowIso = this.deps.clock.now().toISOString();
    if (Number(form.error) < 0) {
      // Click could not take the money (the card was declined, the viewer gave up): the order is cancelled.
      const cancelled = await this.deps.transactions.transition(confirmId, 'prepared', {
        state: 'cancelled',
        complete_body: raw as string,
        cancelled_at: nowIso,
      });
      if (!cancelled) return this.completeAgain(form.click_trans_id, answer, ids);
      return answer(CLICK_ERRORS.transactionCancelled, ids);
    }
    const session = await this.clickSession(form.merchant_trans_id);
    if (!session) return answer(CLICK_ERRORS.userDoesNotExist, ids);
    if (session.status === 'completed') return answer(CLICK_ERRORS.alreadyPaid, ids);
    if (
      !(await this.deps.transactions.transition(confirmId, 'prepared', {
        state: 'completed',
        complete_body: raw as string,
        completed_at: nowIso,
      }))
    ) {
      return this.completeAgain(form.click_trans_id, answer, ids);
    }
    if (!(await this.deps.checkouts.complete(session.session_id, nowIso))) {
      // Paid through another Click transaction meanwhile: this one stays unpaid, so a repeat answers the same.
      await this.deps.transactions.transition(confirmId, 'completed', {
        state: 'prepared',
        complete_body: null,
        completed_at: null,
      });
      return answer(CLICK_ERRORS.alreadyPaid, ids);
    }
    await this.deps.paid.startPlan(session, 'click', form.click_trans_id);
    return answer(CLICK_ERRORS.success, ids, confirmId);
  }

  /** A Complete that lost the race to another delivery of itself: the state that one left. */
  private async completeAgain(
    clickTransId: string,
    answer: (error: ClickErrorCode, ids: Ids, confirmId?: number | null) => ClickCompleteReply,
    ids: Ids,
  ): Promise<ClickCompleteReply> {
    const tx = (await this.deps.transactions.findByClickId(clickTransId))!;
    return answer(this.repeatedComplete(tx), ids, tx.merchant_prepare_id);
  }

  private repeatedPrepare(tx: ClickTransactionRow): ClickErrorCode {
    if (tx.state === 'cancelled') return CLICK_ERRORS.transactionCancelled;
    return tx.state === 'completed' ? CLICK_ERRORS.alreadyPaid : CLICK_ERRORS.success;
  }

  private repeatedComplete(tx: ClickTransactionRow): ClickErrorCode {
    if (tx.state === 'cancelled') return CLICK_ERRORS.transactionCancelled;
    return tx.state === 'completed' ? CLICK_ERRORS.success : CLICK_ERRORS.transactionDoesNotExist;
  }

  /** Our checkout session Click names, if it is one to be paid through Click in so'm. */
  private async clickSession(sessionId: string): Promise<CheckoutRow | undefined> {
    const session = await this.deps.checkouts.find(sessionId);
    return session?.provider === 'click' && session.currency === CLICK_CURRENCY ? session : undefined;
  }

  private requireSettings(): ClickSettings {
    if (!this.deps.settings) throw notFound('Click is not a payment provider of this server');
    return this.deps.settings;
  }
}
