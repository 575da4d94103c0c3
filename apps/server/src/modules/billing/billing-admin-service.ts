import type { PaymentStatus, SubscriptionStatus } from '@salomtv/contract';
import { notFound } from '../../lib/errors.js';
import type { PaymentRepo } from './payment-repo.js';
import type { SubscriptionRepo } from './subscription-repo.js';
import type { AccountLookup } from './subscription-service.js';
import { paymentView } from './subscription-view.js';

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** The operator's lists: subscribers and payments. */
export class BillingAdminService {
  constructor(
    private readonly subscriptions: SubscriptionRepo,
    private readonly payments: PaymentRepo,
    private readonly accounts: AccountLookup,
  ) {}

  async listPayments(query: PageQuery & { status?: PaymentStatus | undefined }) {
    const result = await this.payments.listAll({ status: query.status }, query.page, query.pageSize);
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
    const result = await this.subscriptions.listAll(
      { status: query.status, planId: query.plan_id },
      query.page,
      query.pageSize,
    );
    return {
      items: result.items.map((row) => ({
        subscription_id: row.subscription_id,
        user_id: row.user_id,
        phone_number: row.phone_number,
        first_name: row.first_name,
        last_name: row.last_name,
        plan_id: row.plan_id,
        plan_name: row.plan_name,
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
      })),
      total: result.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async userPayments(userId: number, query: PageQuery) {
    if (!(await this.accounts.accountFacts(userId))) throw notFound('This account does not exist');
    const result = await this.payments.listForUser(userId, query.page, query.pageSize);
    return {
      items: result.items.map(paymentView),
      total: result.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }
}
