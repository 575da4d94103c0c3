import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PaymentsTable } from '../../db/schema-billing.js';

export type PaymentRow = Selectable<PaymentsTable>;
export type AdminPaymentRow = PaymentRow & {
  phone_number: string;
  first_name: string | null;
  last_name: string | null;
};

export interface Page<T> {
  items: T[];
  total: number;
}

/** The payments table: every charge attempt. */
export class PaymentRepo {
  constructor(private readonly db: Kysely<Database>) {}

  insert(values: Insertable<PaymentsTable>): Promise<PaymentRow> {
    return this.db.insertInto('payments').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /** Whether the account's payment `ref` at the provider (a Stripe invoice) has been recorded as paid. */
  async paid(userId: number, ref: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('payments')
      .select('payment_id')
      .where('user_id', '=', userId)
      .where('provider_ref', '=', ref)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    return row !== undefined;
  }

  findById(paymentId: number): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  }

  /** The succeeded or refunded payment with this reference at the provider. */
  findByProviderRef(provider: PaymentRow['provider'], ref: string): Promise<PaymentRow | undefined> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_ref', '=', ref)
      .where('status', 'in', ['succeeded', 'refunded'])
      .executeTakeFirst();
  }

  /** Marks a succeeded payment refunded; false when it was not (refunded already). */
  async markRefunded(paymentId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('payments')
      .set({ status: 'refunded' })
      .where('payment_id', '=', paymentId)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async listForUser(userId: number, page: number, pageSize: number): Promise<Page<PaymentRow>> {
    const [items, total] = await Promise.all([
      this.db
        .selectFrom('payments')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('payment_id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.count) };
  }

  async listAll(
    filter: { status?: PaymentRow['status'] | undefined; provider?: PaymentRow['provider'] | undefined },
    page: number,
    pageSize: number,
  ): Promise<Page<AdminPaymentRow>> {
    const base = this.db
      .selectFrom('payments')
      .innerJoin('users', 'users.user_id', 'payments.user_id')
      .$if(filter.status !== undefined, (q) => q.where('payments.status', '=', filter.status!))
      .$if(filter.provider !== undefined, (q) => q.where('payments.provider', '=', filter.provider!));
    const [items, total] = await Promise.all([
      base
        .selectAll('payments')
        .select(['users.phone_number', 'users.first_name', 'users.last_name'])
        .orderBy('payments.payment_id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.count) };
  }

  /** The paid and refunded payments of some providers in a time range (ISO, `from` included, `to` not). */
  settledBetween(providers: readonly PaymentRow['provider'][], fromIso: string, toIso: string) {
    return this.db
      .selectFrom('payments')
      .select(['payment_id', 'provider', 'provider_ref', 'amount_cents', 'currency', 'status', 'created_at'])
      .where('provider', 'in', [...providers])
      .where('status', 'in', ['succeeded', 'refunded'])
      .where('created_at', '>=', fromIso)
      .where('created_at', '<', toIso)
      .orderBy('payment_id')
      .execute();
  }
}
