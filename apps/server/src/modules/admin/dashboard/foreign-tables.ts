import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Subscription statuses that count as a customer. */
export const CUSTOMER_STATUSES = ['active', 'trialing'] as const;

/** The query builder the admin reports use. */
export type AdminDb = Kysely<Database>;

export function asAdminDb(db: Kysely<Database>): AdminDb {
  return db as unknown as AdminDb;
}
