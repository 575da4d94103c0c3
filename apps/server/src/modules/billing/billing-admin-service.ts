import type {
  PaymentProviderName,
  PaymentStatus,
  SubscriptionStatus,
  SubscriptionSummary,
} from '@salomtv/contract';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { PaymentRepo } from './payment-repo.js';
import type { PlanRepo, PlanRow } from './plan-repo.js';
import type { AdminSubscriptionRow, SubscriptionRepo } from './subscription-repo.js';
import type { AccountLookup } from './subscription-service.js';
import { paymentView, presentSubscription } from './subscription-view.js';

/** A subscription as the CSV export writes it: the account's contact and the summary every screen shows. */
export interface SubscriptionExportRow {
  subscription_id: number;
  user_id: number;
  phone_number: string;
  email: string | null;
  billing_interval: string;
  price_cents: number;
  currency: string;
  current_period_start: string;
  current_period_end: string;
  ended_at: string | null;
  created_at: string;
  summary: SubscriptionSummary;
}

export interface BillingAdminDeps {
  subscriptions: SubscriptionRepo;
  payments: PaymentRepo;
  plans: PlanRepo;
  accounts: AccountLookup;
  clock: Clock;
}

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The operator's lists: subscribers and payments. */
export class BillingAdminService {
  constructor(private readonly deps: BillingAdminDeps) {}

  private get payments() {
    return this.deps.payments;
  }

  /** The summary of each row, as the viewer's own page tells it (subscription-view.ts). */
  private async summarize(rows: AdminSubscriptionRow[]): Promise<SubscriptionSummary[]> {
    const plans = new Map<number, PlanRow>(
      (await this.deps.plans.list({ offeredOnly: false })).map((plan) => [plan.plan_id, plan]),
    );
    const planById = (id: number | null | undefined) => (id == null ? undefined : plans.get(id));
    const now = this.deps.clock.now();
    return rows.map((row) => {
      const facts = { role: row.account_role, trial_ends_at: row.account_trial_ends_at };
      return presentSubscription(facts, row, planById, now).summary;
    });
  }

  /** Every subscription for the CSV export, a batch at a time. */
  async *exportRows(): AsyncGenerator<SubscriptionExportRow[]> {
    for await (const rows of this.deps.subscriptions.batches()) {
      const summaries = await this.summarize(rows);
      yield rows.map((row, i) => ({
        subscription_id: row.subscription_id,
        user_id: row.user_id,
        phone_number: row.phone_number,
        email: row.email,
        billing_interval: row.billing_interval,
        price_cents: row.price_cents,
        currency: row.currency,
        current_period_start: row.current_period_start,
        current_period_end: row.current_period_end,
        ended_at: row.ended_at,
        created_at: row.created_at,
        summary: summaries[i]!,
      }));
    }
  }

  async listPayments(
    query: PageQuery & { status?: PaymentStatus | undefined; provider?: PaymentProviderName | undefined },
  ) {
    const result = await this.payments.listAll(
      { status: query.status, provider: query.provider },
      query.page,
      query.pageSize,
    );
    return {
      items: result.items.map((row) => ({
        ...paymentView(row),
        phone_number: row.phone_number,
        first_name: row.first_name,
        last_name: row.last_name,
      })),
      total: result.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async listSubscriptions(
    query: PageQuery & { status?: SubscriptionStatus | undefined; plan_id?: number | undefined },
  ) {
    const result = await this.deps.subscriptions.listAll(
      { status: query.status, planId: query.plan_id },
      query.page,
      query.pageSize,
    );
    const summaries = await this.summarize(result.items);
    return {
      items: result.items.map((row, i) => ({
        subscription_id: row.subscription_id,
        user_id: row.user_id,
        phone_number: row.phone_number,
        first_name: row.first_name,
        last_name: row.last_name,
        plan_id: row.plan_id,
        plan_name: summaries[i]!.plan_now?.name ?? (summaries[i]!.trial ? 'Free trial' : 'None'),
        status: row.status,
        interval: row.billing_interval,
        price_cents: row.price_cents,
        currency: row.currency,
        current_period_end: row.current_period_end,
        cancel_at_period_end: row.cancel_at_period_end === 1,
        grace_until: row.grace_until,
        provider: row.provider,
        payment_method_summary: row.payment_method_summary,
        created_at: row.created_at,
        summary: summaries[i]!,
      })),
      total: result.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async userPayments(userId: number, query: PageQuery) {
    if (!(await this.deps.accounts.accountFacts(userId))) throw notFound('This account does not exist');
    const result = await this.payments.listForUser(userId, query.page, query.pageSize);
    return {
      items: result.items.map(paymentView),
      total: result.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}
