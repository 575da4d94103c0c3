import type { PaymeTransactionRepo } from '../payme-transaction-repo.js';
import type { ProviderLedger } from '../reconciliation-service.js';

/** What Payme told us it was paid: its performed transactions (and those it cancelled after, its refunds). */
export function paymeLedger(transactions: PaymeTransactionRepo): ProviderLedger {
  return {
    provider: 'payme',
    currency: 'UZS',
    settledBetween: async (fromIso, toIso) =>
      (await transactions.performedBetween(Date.parse(fromIso), Date.parse(toIso))).map((row) => ({
        ref: row.payme_id,
        amountMinor: row.amount_tiyin,
        at: new Date(row.perform_time).toISOString(),
        refunded: row.state === -2,
      })),
  };
}
