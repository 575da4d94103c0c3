import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type {
  PaymeRequestsTable,
  PaymeTransactionState,
  PaymeTransactionsTable,
} from '../../db/schema-billing.js';

export type PaymeTransactionRow = Selectable<PaymeTransactionsTable>;

/** The payme_transactions table (one row per Payme transaction) and payme_requests (Payme's calls as they came). */
export class PaymeTransactionRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findByPaymeId(paymeId: string): Promise<PaymeTransactionRow | undefined> {
    return this.db
      .selectFrom('payme_transactions')
      .selectAll()
      .where('payme_id', '=', paymeId)
      .executeTakeFirst();
  }

  /** A transaction of this order that is created or performed: the order has its transaction. */
  liveForOrder(orderId: string): Promise<PaymeTransactionRow | undefined> {
    return this.db
      .selectFrom('payme_transactions')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('state', 'in', [1, 2])
      .executeTakeFirst();
  }

  /** The new row; undefined when a row for this Payme transaction exists already. */
  insertIfNew(values: Insertable<PaymeTransactionsTable>): Promise<PaymeTransactionRow | undefined> {
    return this.db
      .insertInto('payme_transactions')
      .values(values)
      .onConflict((oc) => oc.column('payme_id').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Moves a row from one state to another; false when it was no longer in `from`. */
  async transition(
    paymeId: string,
    from: PaymeTransactionState,
    values: Updateable<PaymeTransactionsTable> & { state: PaymeTransactionState },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('payme_transactions')
      .set(values)
      .where('payme_id', '=', paymeId)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Cancels (reason `reason`) every created transaction made before `createdBefore`; how many it cancelled. */
  async cancelCreatedBefore(createdBefore: number, cancelTime: number, reason: number): Promise<number> {
    const result = await this.db
      .updateTable('payme_transactions')
      .set({ state: -1, reason, cancel_time: cancelTime })
      .where('state', '=', 1)
      .where('create_time', '<', createdBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Transactions Payme created from `from` to `to` (its `time`, milliseconds, both included), oldest first. */
  /** Transactions performed in a time range (Payme's milliseconds, `from` included, `to` not), refunded or not. */
  performedBetween(from: number, to: number): Promise<PaymeTransactionRow[]> {
    return this.db
      .selectFrom('payme_transactions')
      .selectAll()
      .where('state', 'in', [2, -2])
      .where('perform_time', '>=', from)
      .where('perform_time', '<', to)
      .orderBy('perform_time')
      .execute();
  }

  createdBetween(from: number, to: number): Promise<PaymeTransactionRow[]> {
    return this.db
      .selectFrom('payme_transactions')
      .selectAll()
      .where('payme_time', '>=', from)
      .where('payme_time', '<=', to)
      .orderBy('payme_time')
      .orderBy('transaction_id')
      .execute();
  }

  async logRequest(values: Insertable<PaymeRequestsTable>): Promise<void> {
    await this.db.insertInto('payme_requests').values(values).execute();
  }

  requestsOf(paymeId: string): Promise<Selectable<PaymeRequestsTable>[]> {
    return this.db
      .selectFrom('payme_requests')
      .selectAll()
      .where('payme_id', '=', paymeId)
      .orderBy('request_id')
      .execute();
  }
}
