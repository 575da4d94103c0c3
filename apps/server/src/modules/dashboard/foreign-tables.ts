import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Tables the admin module reads but no migration creates yet. Queries over them go through
 * `TableProbe.has(...)` first, so a missing table makes a figure fall back instead of failing.
 * TODO(viewer site): `playback_progress` (user_id, title_id, position, duration, updated_at) is being built
 * with the library module; until it exists, most-watched reads `titles.view_count`. If it lands under
 * another name or with other columns, adjust this view and PROGRESS_COLUMNS.
 */
export interface ForeignView {
  playback_progress: {
    user_id: number;
    title_id: number;
    position: number;
    duration: number;
    updated_at: string;
  };
}

export const PROGRESS_TABLE = 'playback_progress';
export const PROGRESS_COLUMNS = ['user_id', 'title_id', 'updated_at'] as const;
/** Subscription statuses that count as a customer. */
export const CUSTOMER_STATUSES = ['active', 'trialing'] as const;

/** Our tables and the foreign view in one query builder (the view's types are ours, not the owners'). */
export type AdminDb = Kysely<Omit<Database, keyof ForeignView> & ForeignView>;

export function asAdminDb(db: Kysely<Database>): AdminDb {
  return db as unknown as AdminDb;
}
