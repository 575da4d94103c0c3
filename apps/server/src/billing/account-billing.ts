import type { Selectable } from 'kysely';
import type { SubscriptionsTable } from '../db/schema-billing.js';
import type { PlanRow } from './plan-repo.js';

export type SubscriptionRow = Selectable<SubscriptionsTable>;

/** What the billing module needs to know about an account. */
export interface AccountFacts {
  role: 'user' | 'admin';
  trial_ends_at: string | null;
}

/** What billing reads about an account: its facts, its subscription and the subscription's plan. */
export interface AccountBilling {
  facts: AccountFacts;
  row: SubscriptionRow | undefined;
  plan: PlanRow | undefined;
}
