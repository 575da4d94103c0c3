import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ClickTransactionState, ClickTransactionsTable } from '../../db/schema-billing.js';

export type ClickTransactionRow = Selectable<ClickTransactionsTable>;

/** The click_transactions table: one row per Click transaction, with Click's calls as they came. */
export class ClickTransactionRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findByClickId(clickTransId: string): Promise<ClickTransactionRow | undefined> {
    return this.db
      .selectFrom('click_transactions')
      .selectAll()
      .where('click_trans_id', '=', clickTransId)
      .executeTakeFirst();
  }

  /** The new row; undefined when a row for this Click transaction exists already (a repeat, or a race). */
  async insertIfNew(values: Insertable<ClickTransactionsTable>): Promise<ClickTransactionRow | undefined> {
    return this.db
      .insertInto('click_transactions')
      .values(values)
      .onConflict((oc) => oc.column('click_trans_id').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Moves a row from one state to another; false when it was no longer in `from`. */
  async transition(
    merchantPrepareId: number,
    from: ClickTransactionState,
    values: Updateable<ClickTransactionsTable> & { state: ClickTransactionState },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('click_transactions')
      .set(values)
      .where('merchant_prepare_id', '=', merchantPrepareId)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Whether Click cancelled a payment of this order (our checkout session): the order is then cancelled. */
  async orderCancelled(merchantTransId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('click_transactions')
      .select('merchant_prepare_id')
      .where('merchant_trans_id', '=', merchantTransId)
      .where('state', '=', 'cancelled')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Click's completed transactions of a time range (ISO, `from` included, `to` not): what Click was paid. */
  completedBetween(fromIso: string, toIso: string) {
    return this.db
      .selectFrom('click_transactions')
      .select(['click_trans_id', 'amount_tiyin', 'completed_at'])
      .where('state', '=', 'completed')
      .where('completed_at', '>=', fromIso)
      .where('completed_at', '<', toIso)
      .orderBy('completed_at')
      .execute();
  }
}
