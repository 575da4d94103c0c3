import type { Selectable } from 'kysely';
import type { SubscriptionsTable } from '../../db/schema-billing.js';
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

declare module '../../platform/viewer-session.js' {
  interface SessionExtras {
    /**
     * The account's subscription and plan, when they were read with the session (billing's reader, one query for
     * both, behind accounts' live-session cache): the request's later checks of what the viewer may watch use them
     * instead of reading them again.
     */
    billing?: AccountBilling;
  }
}
