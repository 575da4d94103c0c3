import {
  PAYME_ERRORS,
  PAYME_METHODS,
  PAYME_REASON_TIMEOUT,
  PAYME_STATES,
  PAYME_TIMEOUT_MS,
  type PaymeMethod,
  type PaymeReply,
  paymeParamsSchemas,
  paymeRequestSchema,
} from '@salomtv/contract';
import type { z } from 'zod';
import type { PaymeSettings } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { CheckoutRepo, CheckoutRow } from './checkout-repo.js';
import type { PaidCheckouts, Refund } from './paid-checkout.js';
import {
  cancelAnswer,
  checkAnswer,
  createAnswer,
  faultReply,
  orderFault,
  PaymeFault,
  type PaymeResult,
  performAnswer,
  statementEntry,
  systemFault,
} from './payme-answers.js';
import type { PaymeTransactionRepo, PaymeTransactionRow } from './payme-transaction-repo.js';
import { PAYME_CURRENCY } from './providers/payme.js';
import { paymeAuthorised } from './providers/payme-protocol.js';

/** The repositories a Payme call writes through, bound to one database transaction. */
export interface PaymeScope {
  transactions: PaymeTransactionRepo;
  checkouts: CheckoutRepo;
  paid: PaidCheckouts;
}

export interface PaymeMerchantDeps {
  /** undefined: Payme is not set up on this server. */
  settings: PaymeSettings | undefined;
  transactions: PaymeTransactionRepo;
  checkouts: CheckoutRepo;
  /** Runs `work` in one database transaction with the order's checkout locked, through repositories bound to it. */
  atomically: <T>(orderId: string, work: (scope: PaymeScope) => Promise<T>) => Promise<T>;
  /** Tells the viewer a payment was given back (after it is committed). */
  refunded: (refund: Refund) => Promise<void>;
  clock: Clock;
}

type Params<M extends PaymeMethod> = z.infer<(typeof paymeParamsSchemas)[M]>;
type Result = PaymeResult;

function isMethod(method: string): method is PaymeMethod {
  return (PAYME_METHODS as readonly string[]).includes(method);
}

/**
 * Payme's Merchant API: Payme checks an order (one of our checkout sessions, in so'm), creates a transaction for
 * it, performs it (the plan starts) or cancels it (after perform: a refund). Every call is authenticated with the
 * cash desk's key, answered as JSON-RPC with Payme's codes, stored as it came and idempotent by Payme's transaction
 * id; a perform's state change, the checkout's completion, the plan and the payment are one database transaction.
 */
export class PaymeMerchantService {
  constructor(private readonly deps: PaymeMerchantDeps) {}

  /** One call as it came: its body's text and its Authorization header. Always an answer, never a throw. */
  async handle(body: string, authorization: string | undefined): Promise<PaymeReply> {
    const settings = this.requireSettings();
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return faultReply(null, new PaymeFault(PAYME_ERRORS.parseError));
    }
    const request = paymeRequestSchema.safeParse(json);
    const id = request.success ? (request.data.id ?? null) : null;
    if (!request.success) return faultReply(id, new PaymeFault(PAYME_ERRORS.invalidRequest));
    if (!paymeAuthorised(authorization, settings.keys))
      return faultReply(id, new PaymeFault(PAYME_ERRORS.insufficientPrivileges));
    const { method, params } = request.data;
    let reply: PaymeReply;
    try {
      if (!isMethod(method)) throw new PaymeFault(PAYME_ERRORS.methodNotFound);
      const parsed = paymeParamsSchemas[method].safeParse(params);
      if (!parsed.success) throw new PaymeFault(PAYME_ERRORS.invalidRequest);
      reply = { jsonrpc: '2.0', id, result: await this.dispatch(method, parsed.data) };
    } catch (error) {
      if (!(error instanceof PaymeFault)) throw error;
      reply = faultReply(id, error);
    }
    await this.deps.transactions.logRequest({
      payme_id: typeof params.id === 'string' ? params.id.slice(0, 32) : null,
      method: method.slice(0, 64),
      body,
      answer: JSON.stringify(reply),
      received_at: this.deps.clock.now().toISOString(),
    });
    return reply;
  }

  /** The answer to a call that failed for a reason of ours (logged by the caller). */
  systemFault(): PaymeReply {
    return faultReply(null, systemFault());
  }

  /** Cancels (reason 4) every transaction created over 12 hours ago and not performed; how many. */
  cancelTimedOut(): Promise<number> {
    const now = this.deps.clock.now().getTime();
    return this.deps.transactions.cancelCreatedBefore(now - PAYME_TIMEOUT_MS, now, PAYME_REASON_TIMEOUT);
  }

  private dispatch(method: PaymeMethod, params: unknown): Promise<Result> {
    switch (method) {
      case 'CheckPerformTransaction':
        return this.checkPerform(params as Params<'CheckPerformTransaction'>);
      case 'CreateTransaction':
        return this.create(params as Params<'CreateTransaction'>);
      case 'PerformTransaction':
        return this.perform(params as Params<'PerformTransaction'>);
      case 'CancelTransaction':
        return this.cancel(params as Params<'CancelTransaction'>);
      case 'CheckTransaction':
        return this.check(params as Params<'CheckTransaction'>);
      case 'GetStatement':
        return this.statement(params as Params<'GetStatement'>);
      case 'SetFiscalData':
        return this.fiscalData(params as Params<'SetFiscalData'>);
    }
  }

  private async checkPerform(params: Params<'CheckPerformTransaction'>): Promise<Result> {
    await this.payableOrder(this.deps, params.account.order_id, params.amount);
    return { allow: true };
  }

  private async create(params: Params<'CreateTransaction'>): Promise<Result> {
    const existing = await this.deps.transactions.findByPaymeId(params.id);
    if (existing) return this.createdAgain(existing);
    const row = await this.deps.atomically(params.account.order_id, async (scope) => {
      // Another delivery of this call may have got in while we waited for the lock.
      const raced = await scope.transactions.findByPaymeId(params.id);
      if (raced) return raced;
      const session = await this.payableOrder(scope, params.account.order_id, params.amount);
      return scope.transactions.insertIfNew({
        payme_id: params.id,
        order_id: session.session_id,
        user_id: session.user_id,
        amount_tiyin: params.amount,
        state: PAYME_STATES.created,
        reason: null,
        payme_time: params.time,
        create_time: this.nowMs(),
      });
    });
    return this.createdAgain(row ?? (await this.deps.transactions.findByPaymeId(params.id))!);
  }

  private async perform(params: Params<'PerformTransaction'>): Promise<Result> {
    const tx = await this.live(params.id);
    if (tx.state === PAYME_STATES.performed) return performAnswer(tx);
    if (tx.state !== PAYME_STATES.created) throw new PaymeFault(PAYME_ERRORS.cannotPerform);
    const performed = await this.deps.atomically(tx.order_id, async (scope) => {
      const fresh = (await scope.transactions.findByPaymeId(tx.payme_id))!;
      if (fresh.state !== PAYME_STATES.created) return fresh;
      const session = await scope.checkouts.find(fresh.order_id);
      const nowIso = this.deps.clock.now().toISOString();
      if (!session || !(await scope.checkouts.complete(session.session_id, nowIso)))
        throw new PaymeFault(PAYME_ERRORS.cannotPerform);
      const performTime = this.nowMs();
      await scope.transactions.transition(fresh.payme_id, PAYME_STATES.created, {
        state: PAYME_STATES.performed,
        perform_time: performTime,
      });
      await scope.paid.startPlan(session, 'payme', fresh.payme_id);
      return { ...fresh, state: PAYME_STATES.performed, perform_time: performTime };
    });
    if (performed.state !== PAYME_STATES.performed) throw new PaymeFault(PAYME_ERRORS.cannotPerform);
    return performAnswer(performed);
  }

  private async cancel(params: Params<'CancelTransaction'>): Promise<Result> {
    const tx = await this.live(params.id);
    if (tx.state === PAYME_STATES.cancelled || tx.state === PAYME_STATES.refunded) return cancelAnswer(tx);
    const outcome = await this.deps.atomically(tx.order_id, async (scope) => {
      const fresh = (await scope.transactions.findByPaymeId(tx.payme_id))!;
      const cancelTime = this.nowMs();
      if (fresh.state === PAYME_STATES.created) {
        await scope.transactions.transition(fresh.payme_id, PAYME_STATES.created, {
          state: PAYME_STATES.cancelled,
          reason: params.reason,
          cancel_time: cancelTime,
        });
        return {
          row: { ...fresh, state: PAYME_STATES.cancelled, reason: params.reason, cancel_time: cancelTime },
        };
      }
      if (fresh.state !== PAYME_STATES.performed) return { row: fresh };
      // After perform: the money goes back to the viewer, and the time it paid for is taken back.
      await scope.transactions.transition(fresh.payme_id, PAYME_STATES.performed, {
        state: PAYME_STATES.refunded,
        reason: params.reason,
        cancel_time: cancelTime,
      });
      const refund = await scope.paid.refund('payme', fresh.payme_id);
      return {
        row: { ...fresh, state: PAYME_STATES.refunded, reason: params.reason, cancel_time: cancelTime },
        refund,
      };
    });
    if (outcome.refund) await this.deps.refunded(outcome.refund);
    return cancelAnswer(outcome.row);
  }

  private async check(params: Params<'CheckTransaction'>): Promise<Result> {
    return checkAnswer(await this.live(params.id));
  }

  private async statement(params: Params<'GetStatement'>): Promise<Result> {
    const rows = await this.deps.transactions.createdBetween(params.from, params.to);
    return { transactions: rows.map(statementEntry) };
  }

  /** The fiscal receipt's data is kept with the call itself (payme_requests). */
  private async fiscalData(params: Params<'SetFiscalData'>): Promise<Result> {
    await this.live(params.id);
    return { success: true };
  }

  /**
   * The order (our checkout session) if Payme may take this amount for it now: one to be paid through Payme in
   * so'm, open, at its price, with no other transaction under way.
   */
  private async payableOrder(
    repos: Pick<PaymeScope, 'transactions' | 'checkouts'>,
    orderId: string,
    amount: number,
  ): Promise<CheckoutRow> {
    const session = await repos.checkouts.find(orderId);
    if (session?.provider !== 'payme' || session.currency !== PAYME_CURRENCY)
      throw orderFault(PAYME_ERRORS.orderNotFound);
    if (amount !== session.price_cents) throw new PaymeFault(PAYME_ERRORS.wrongAmount);
    if (session.status === 'completed') throw orderFault(PAYME_ERRORS.orderPaid);
    if (this.deps.clock.now().toISOString() >= session.expires_at)
      throw orderFault(PAYME_ERRORS.orderNotFound);
    if (await repos.transactions.liveForOrder(session.session_id))
      throw orderFault(PAYME_ERRORS.orderAwaitsAnotherTransaction);
    return session;
  }

  /** A transaction by Payme's id, cancelled first (reason 4) if it has waited for perform past the 12 hours. */
  private async live(paymeId: string): Promise<PaymeTransactionRow> {
    const tx = await this.deps.transactions.findByPaymeId(paymeId);
    if (!tx) throw new PaymeFault(PAYME_ERRORS.transactionNotFound);
    if (tx.state !== PAYME_STATES.created || this.nowMs() - tx.create_time <= PAYME_TIMEOUT_MS) return tx;
    const cancelTime = this.nowMs();
    await this.deps.transactions.transition(paymeId, PAYME_STATES.created, {
      state: PAYME_STATES.cancelled,
      reason: PAYME_REASON_TIMEOUT,
      cancel_time: cancelTime,
    });
    return (await this.deps.transactions.findByPaymeId(paymeId))!;
  }

  /** A CreateTransaction for a transaction we have: the same answer while it waits, -31008 once it cannot. */
  private async createdAgain(existing: PaymeTransactionRow): Promise<Result> {
    const tx = await this.live(existing.payme_id);
    if (tx.state !== PAYME_STATES.created) throw new PaymeFault(PAYME_ERRORS.cannotPerform);
    return createAnswer(tx);
  }

  private nowMs(): number {
    return this.deps.clock.now().getTime();
  }

  /** Payme's settings; a 404 on a server without Payme. */
  requireSettings(): PaymeSettings {
    if (!this.deps.settings) throw notFound('Payme is not a payment provider of this server');
    return this.deps.settings;
  }
}
