import { PLAN_FEATURES } from '@salomtv/contract';
import type { Insertable, Kysely, SelectQueryBuilder, Updateable } from 'kysely';
import { PreparedRead } from '../../db/prepared-read.js';
import type { Database } from '../../db/schema.js';
import type { PlansTable, SubscriptionStatusValue, SubscriptionsTable } from '../../db/schema-billing.js';
import {
  LIVE_PROFILE_COLUMNS,
  type LiveSession,
  type LiveSessionReader,
  liveSessionQuery,
  profileOfSession,
} from '../../platform/viewer-session.js';
import type { AccountBilling, AccountFacts, SubscriptionRow } from './account-billing.js';
import type { Page } from './payment-repo.js';
import type { PlanRow } from './plan-repo.js';

export type AdminSubscriptionRow = SubscriptionRow & {
  phone_number: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  account_role: AccountFacts['role'];
  account_trial_ends_at: string | null;
};

const BATCH = 100;
const EXPORT_BATCH = 500;

/** The plan's columns, read beside the subscription's under a prefix (both tables have ids and dates). */
const PLAN_COLUMNS = [
  'plan_id',
  'code',
  'name',
  'monthly_price_cents',
  'yearly_price_cents',
  'currency',
  'prices',
  'quality_cap',
  ...PLAN_FEATURES,
  'max_streams',
  'max_profiles',
  'offered',
  'sort_order',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof PlansTable)[];
const PLAN_PREFIX = 'plan__';
type PlanColumn = (typeof PLAN_COLUMNS)[number];
type PlanSelection = { [C in PlanColumn]: `plans.${C} as plan__${C}` }[PlanColumn];
const PLAN_SELECTIONS = PLAN_COLUMNS.map(
  (column): PlanSelection => `plans.${column} as ${PLAN_PREFIX}${column}` as PlanSelection,
);
const PLAN_ALIASES = PLAN_COLUMNS.map((column) => [column, `${PLAN_PREFIX}${column}`] as const);

/** The subscriptions table (one row per account that has had a trial or a plan). */
export class SubscriptionRepo implements LiveSessionReader {
  private readonly withAccount;
  private readonly withSession;
  private subscriptionKeys: string[] | undefined;

  constructor(private readonly db: Kysely<Database>) {
    this.withAccount = new PreparedRead(db, 1, (db, userId: number) =>
      db
        .selectFrom('users')
        .leftJoin('subscriptions', 'subscriptions.user_id', 'users.user_id')
        .leftJoin('plans', 'plans.plan_id', 'subscriptions.plan_id')
        .selectAll('subscriptions')
        .select(['users.role as account_role', 'users.trial_ends_at as account_trial_ends_at'])
        .select(PLAN_SELECTIONS)
        .where('users.user_id', '=', userId),
    );
    this.withSession = new PreparedRead(db, 2, (db, sessionHash: string, nowIso: string) =>
      liveSessionQuery(db, sessionHash, nowIso)
        .leftJoin('subscriptions', 'subscriptions.user_id', 'users.user_id')
        .leftJoin('plans', 'plans.plan_id', 'subscriptions.plan_id')
        .selectAll('subscriptions')
        .select([
          'users.user_id as session_user_id',
          'sessions.expires_at as session_expires_at',
          'users.role as account_role',
          'users.trial_ends_at as account_trial_ends_at',
          ...LIVE_PROFILE_COLUMNS,
        ])
        .select(PLAN_SELECTIONS),
    );
  }

  /**
   * A live session with its account's billing in one read (what the auth service's live-session cache reads on a
   * miss), so a signed-in call that then asks what the viewer may watch (the home rows, a playlist) makes one round
   * trip, not two.
   */
  async findLive(sessionHash: string, nowIso: string): Promise<LiveSession | undefined> {
    const found = await this.withSession.first(sessionHash, nowIso);
    if (!found) return undefined;
    return {
      user_id: found.session_user_id,
      session_hash: sessionHash,
      role: found.account_role,
      expires_at: found.session_expires_at,
      ...profileOfSession(found),
      billing: this.billingOf(found),
    };
  }

  /**
   * The account's billing facts, its subscription and the subscription's plan in one read (every playlist,
   * segment and signed-in catalogue request asks: one round trip instead of two); undefined when the account
   * does not exist.
   */
  async findWithAccount(userId: number): Promise<AccountBilling | undefined> {
    const found = await this.withAccount.first(userId);
    return found ? this.billingOf(found) : undefined;
  }

  /** Splits a row of the two reads above into the account's facts, its subscription and its plan. */
  private billingOf(found: {
    account_role: AccountFacts['role'];
    account_trial_ends_at: string | null;
  }): AccountBilling {
    const columns = found as Record<string, unknown>;
    // The subscription's columns are whatever `selectAll` gave: listed once from the first row read.
    this.subscriptionKeys ??= Object.keys(columns).filter(
      (key) => !key.startsWith(PLAN_PREFIX) && !key.startsWith('account_') && !key.startsWith('session_'),
    );
    const row: Record<string, unknown> = {};
    for (const key of this.subscriptionKeys) row[key] = columns[key];
    const plan: Record<string, unknown> = {};
    for (const [column, alias] of PLAN_ALIASES) plan[column] = columns[alias];
    // A left join without a match gives nulls in every column of the missing side.
    return {
      facts: { role: found.account_role, trial_ends_at: found.account_trial_ends_at },
      row: row.subscription_id === null ? undefined : (row as SubscriptionRow),
      plan: plan.plan_id === null ? undefined : (plan as PlanRow),
    };
  }

  /** An account's role and trial (what billing's rules read of it); undefined when the account does not exist. */
  accountFacts(userId: number): Promise<AccountFacts | undefined> {
    return this.db
      .selectFrom('users')
      .select(['role', 'trial_ends_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
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

  /**
   * Changes the row only while the given columns still hold the values read (null: still empty); false when
   * another request or process changed them first.
   */
  async updateIf(
    subscriptionId: number,
    expected: Partial<SubscriptionRow>,
    values: Updateable<SubscriptionsTable>,
  ): Promise<boolean> {
    let query = this.db
      .updateTable('subscriptions')
      .set(values)
      .where('subscription_id', '=', subscriptionId);
    for (const [key, value] of Object.entries(expected)) {
      const column = key as keyof SubscriptionRow;
      query =
        value === null
          ? query.where(column, 'is', null)
          : query.where(column, '=', value as SubscriptionRow[typeof column]);
    }
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Takes the row for one upgrade at a time: the plan and price read must still be current, and no other upgrade
   * may be under way, unless it was left before `staleBefore` without an invoice (its request died midway).
   */
  async claimUpgrade(
    row: Pick<SubscriptionRow, 'subscription_id' | 'plan_id' | 'price_cents'>,
    staleBefore: string,
    values: Pick<SubscriptionsTable, 'upgrade_plan_id' | 'upgrade_price_cents' | 'upgrade_requested_at'>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('subscriptions')
      .set({ ...values, upgrade_invoice_id: null })
      .where('subscription_id', '=', row.subscription_id)
      .where('plan_id', '=', row.plan_id)
      .where('price_cents', '=', row.price_cents)
      .where((eb) =>
        eb.or([
          eb('upgrade_plan_id', 'is', null),
          eb.and([eb('upgrade_invoice_id', 'is', null), eb('upgrade_requested_at', '<', staleBefore)]),
        ]),
      )
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

  /**
   * Subscriptions whose charge is due: renewals, retries, and trials with a saved card at their end (only rows we
   * charge ourselves have a next attempt).
   */
  dueCharges(nowIso: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', 'in', ['active', 'past_due', 'trialing'])
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

  /**
   * Trials whose end (the account's trial_ends_at) has passed: without a plan bought, at once; with one, only
   * once its first payment has gone unanswered past `lapsedBefore` (it is normally charged at the trial's end).
   */
  trialsEnded(nowIso: string, lapsedBefore: string): Promise<SubscriptionRow[]> {
    return this.db
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.user_id', 'subscriptions.user_id')
      .selectAll('subscriptions')
      .where('subscriptions.status', '=', 'trialing')
      .where((eb) =>
        eb.or([
          eb('users.trial_ends_at', 'is', null),
          eb.and([
            eb('subscriptions.scheduled_plan_id', 'is', null),
            eb('users.trial_ends_at', '<=', nowIso),
          ]),
          eb('users.trial_ends_at', '<=', lapsedBefore),
        ]),
      )
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
      .$if(filter.status !== undefined, (q) => q.where('subscriptions.status', '=', filter.status!))
      // The plan the summary names: during the trial the one chosen for after it, never the trial row's own.
      .$if(filter.planId !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb.and([
              eb('subscriptions.status', '!=', 'trialing'),
              eb('subscriptions.plan_id', '=', filter.planId!),
            ]),
            eb.and([
              eb('subscriptions.status', '=', 'trialing'),
              eb('subscriptions.scheduled_plan_id', '=', filter.planId!),
            ]),
          ]),
        ),
      );
    const [items, total] = await Promise.all([
      this.withUsers(base)
        .orderBy('subscriptions.subscription_id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: Number(total.count) };
  }

  /** Every subscription with its account, a batch at a time in id order (the CSV export). */
  async *batches(): AsyncGenerator<AdminSubscriptionRow[]> {
    let after = 0;
    for (;;) {
      const rows = await this.withUsers(
        this.db
          .selectFrom('subscriptions')
          .innerJoin('users', 'users.user_id', 'subscriptions.user_id')
          .where('subscriptions.subscription_id', '>', after),
      )
        .orderBy('subscriptions.subscription_id')
        .limit(EXPORT_BATCH)
        .execute();
      if (rows.length > 0) yield rows;
      if (rows.length < EXPORT_BATCH) return;
      after = rows[rows.length - 1]!.subscription_id;
    }
  }

  private withUsers<Q extends SelectQueryBuilder<Database, 'subscriptions' | 'users', object>>(query: Q) {
    return query
      .selectAll('subscriptions')
      .select([
        'users.phone_number',
        'users.email',
        'users.first_name',
        'users.last_name',
        'users.role as account_role',
        'users.trial_ends_at as account_trial_ends_at',
      ]);
  }
}
