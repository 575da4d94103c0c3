import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { PreparedRead } from '../../db/prepared-read.js';
import type { Database } from '../../db/schema.js';
import type { SubscriptionStatusValue, SubscriptionsTable } from '../../db/schema-billing.js';
import type { AccountFacts } from './access.js';
import type { Page } from './payment-repo.js';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type AdminSubscriptionRow = SubscriptionRow & {
  phone_number: string;
  first_name: string | null;
  last_name: string | null;
  plan_name: string;
};

const BATCH = 100;

/** The subscriptions table (one row per account that has had a trial or a plan). */
export class SubscriptionRepo {
  private readonly withAccount;

  constructor(private readonly db: Kysely<Database>) {
    this.withAccount = new PreparedRead(db, 1, (db, userId: number) =>
      db
        .selectFrom('users')
        .leftJoin('subscriptions', 'subscriptions.user_id', 'users.user_id')
        .selectAll('subscriptions')
        .select(['users.role as account_role', 'users.trial_ends_at as account_trial_ends_at'])
        .where('users.user_id', '=', userId),
    );
  }

  /**
   * The account's billing facts and its subscription in one read (every playlist and segment request asks);
   * undefined when the account does not exist.
   */
  async findWithAccount(
    userId: number,
  ): Promise<{ facts: AccountFacts; row: SubscriptionRow | undefined } | undefined> {
    const found = await this.withAccount.first(userId);
    if (!found) return undefined;
    const { account_role, account_trial_ends_at, ...row } = found;
    return {
      facts: { role: account_role, trial_ends_at: account_trial_ends_at },
      // A left join without a match gives nulls in every subscription column.
      row: row.subscription_id === null ? undefined : (row as SubscriptionRow),
    };
  }

  findByUser(userId: number): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  findById(subscriptionId: number): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .executeTakeFirst();
  }

  findByProviderSubscription(providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('provider_subscription_id', '=', providerSubscriptionId)
      .executeTakeFirst();
  }

  insert(values: Insertable<SubscriptionsTable>): Promise<SubscriptionRow> {
    return this.db.insertInto('subscriptions').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async update(subscriptionId: number, values: Updateable<SubscriptionsTable>): Promise<void> {
    await this.db
      .updateTable('subscriptions')
      .set(values)
      .where('subscription_id', '=', subscriptionId)
      .execute();
  }

  /** Changes the row only if it is still in the expected status; false when another process got there first. */
  async transition(
    subscriptionId: number,
    from: SubscriptionStatusValue,
    values: Updateable<SubscriptionsTable>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('subscriptions')
      .set(values)
      .where('subscription_id', '=', subscriptionId)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Takes a due charge for this process by moving its next attempt on; false when another process took it. */
  async claimAttempt(subscriptionId: number, expected: string, leaseUntil: string): Promise<boolean> {
    const result = await this.db
      .updateTable('subscriptions')
      .set({ next_attempt_at: leaseUntil })
      .where('subscription_id', '=', subscriptionId)
      .where('next_attempt_at', '=', expected)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Active or past-due subscriptions whose charge is due (only rows we charge ourselves have a next attempt). */
  dueCharges(nowIso: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', 'in', ['active', 'past_due'])
      .where('cancel_at_period_end', '=', 0)
      .where('next_attempt_at', 'is not', null)
      .where('next_attempt_at', '<=', nowIso)
      .orderBy('next_attempt_at')
      .limit(BATCH)
      .execute();
  }

  /** Active subscriptions set to cancel whose period has ended. */
  dueCancellations(nowIso: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', '=', 'active')
      .where('cancel_at_period_end', '=', 1)
      .where('current_period_end', '<=', nowIso)
      .limit(BATCH)
      .execute();
  }

  /** Past-due subscriptions whose grace period is over. */
  graceEnded(nowIso: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', '=', 'past_due')
      .where('grace_until', '<=', nowIso)
      .limit(BATCH)
      .execute();
  }

  /** Trials whose end (the account's trial_ends_at) has passed. */
  trialsEnded(nowIso: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.user_id', 'subscriptions.user_id')
      .selectAll('subscriptions')
      .where('subscriptions.status', '=', 'trialing')
      .where((eb) => eb.or([eb('users.trial_ends_at', 'is', null), eb('users.trial_ends_at', '<=', nowIso)]))
      .limit(BATCH)
      .execute();
  }

  async listAll(
    filter: { status?: SubscriptionStatusValue | undefined; planId?: number | undefined },
    page: number,
    pageSize: number,
  ): Promise<Page<AdminSubscriptionRow>> {
    const base = this.db
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.user_id', 'subscriptions.user_id')
      .innerJoin('plans', 'plans.plan_id', 'subscriptions.plan_id')
      .$if(filter.status !== undefined, (q) => q.where('subscriptions.status', '=', filter.status!))
      .$if(filter.planId !== undefined, (q) => q.where('subscriptions.plan_id', '=', filter.planId!));
    const [items, total] = await Promise.all([
      base
        .selectAll('subscriptions')
        .select(['users.phone_number', 'users.first_name', 'users.last_name', 'plans.name as plan_name'])
        .orderBy('subscriptions.subscription_id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.count) };
  }
}
