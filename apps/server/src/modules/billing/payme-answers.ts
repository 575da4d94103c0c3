import { PAYME_ERRORS, type PaymeErrorCode, type PaymeReply } from '@salomtv/contract';
import type { PaymeTransactionRow } from './payme-transaction-repo.js';
import { PAYME_MESSAGES } from './providers/payme-protocol.js';

/** A method's result, as Payme's documentation shapes it. */
export type PaymeResult = Record<string, unknown>;

/** An answer with one of Payme's error codes; `data` names the account field at fault. */
export class PaymeFault extends Error {
  constructor(
    readonly code: PaymeErrorCode,
    readonly data?: string,
  ) {
    super(PAYME_MESSAGES[code].en);
  }
}

/** A fault of the order (our checkout session): `data` is the account's field, `order_id`. */
export const orderFault = (code: PaymeErrorCode) => new PaymeFault(code, 'order_id');

export const systemFault = () => new PaymeFault(PAYME_ERRORS.systemError);

export function faultReply(id: PaymeReply['id'], fault: PaymeFault): PaymeReply {
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: fault.code,
      message: PAYME_MESSAGES[fault.code],
      ...(fault.data ? { data: fault.data } : {}),
    },
  };
}

export const createAnswer = (tx: PaymeTransactionRow): PaymeResult => ({
  create_time: tx.create_time,
  transaction: String(tx.transaction_id),
  state: tx.state,
});

export const performAnswer = (tx: PaymeTransactionRow): PaymeResult => ({
  transaction: String(tx.transaction_id),
  perform_time: tx.perform_time,
  state: tx.state,
});

export const cancelAnswer = (tx: PaymeTransactionRow): PaymeResult => ({
  transaction: String(tx.transaction_id),
  cancel_time: tx.cancel_time,
  state: tx.state,
});

export const checkAnswer = (tx: PaymeTransactionRow): PaymeResult => ({
  create_time: tx.create_time,
  perform_time: tx.perform_time,
  cancel_time: tx.cancel_time,
  transaction: String(tx.transaction_id),
  state: tx.state,
  reason: tx.reason,
});

/** One transaction of GetStatement's list. */
export const statementEntry = (tx: PaymeTransactionRow): PaymeResult => ({
  id: tx.payme_id,
  time: tx.payme_time,
  amount: tx.amount_tiyin,
  account: { order_id: tx.order_id },
  ...checkAnswer(tx),
});
