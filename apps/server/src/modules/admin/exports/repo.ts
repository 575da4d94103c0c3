import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

const BATCH = 500;

/** Reads whole tables in primary-key order, a batch at a time (keyset paging: each batch is an index range). */
export class ExportRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async *users() {
    let after = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('users')
        .select([
          'user_id',
          'phone_number',
          'email',
          'first_name',
          'last_name',
          'role',
          'status',
          'verified',
          'gender',
          'nationality',
          'language',
          'dob',
          'trial_ends_at',
          'created_at',
        ])
        .where('user_id', '>', after)
        .orderBy('user_id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1]!.user_id;
      if (rows.length < BATCH) return;
    }
  }

  async *payments() {
    let after = 0;
    for (;;) {
      const rows = await this.db
        .selectFrom('payments')
        .leftJoin('users', 'users.user_id', 'payments.user_id')
        .leftJoin('plans', 'plans.plan_id', 'payments.plan_id')
        .select([
          'payments.payment_id',
          'payments.created_at',
          'payments.user_id',
          'users.phone_number',
          'plans.name as plan',
          'payments.amount_cents',
          'payments.currency',
          'payments.status',
          'payments.provider',
          'payments.provider_ref',
          'payments.description',
          'payments.failure_reason',
        ])
        .where('payments.payment_id', '>', after)
        .orderBy('payments.payment_id')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1]!.payment_id;
      if (rows.length < BATCH) return;
    }
  }
}
