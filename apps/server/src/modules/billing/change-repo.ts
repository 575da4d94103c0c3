import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SubscriptionChangeKind } from '../../db/schema-billing.js';

export type { SubscriptionChangeKind };

/** The subscription_changes table: what viewers did to their subscriptions (the admin's alerts read it). */
export class SubscriptionChangeRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(values: {
    user_id: number;
    kind: SubscriptionChangeKind;
    plan_id: number | null;
    summary: string;
    created_at: string;
  }): Promise<void> {
    await this.db.insertInto('subscription_changes').values(values).execute();
  }
}
