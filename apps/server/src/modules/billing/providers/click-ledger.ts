import type { ClickTransactionRepo } from '../click-transaction-repo.js';
import type { ProviderLedger } from '../reconciliation-service.js';
import { CLICK_CURRENCY } from './click.js';

/** What Click told us it was paid: its completed transactions, as its Complete calls reported them. */
export function clickLedger(transactions: ClickTransactionRepo): ProviderLedger {
  return {
    provider: 'click',
    currency: CLICK_CURRENCY,
    settledBetween: async (fromIso, toIso) =>
      (await transactions.completedBetween(fromIso, toIso)).map((row) => ({
        ref: row.click_trans_id,
        amountMinor: row.amount_tiyin,
        at: row.completed_at!,
        refunded: false,
      })),
  };
}
