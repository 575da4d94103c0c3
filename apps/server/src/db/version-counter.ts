import type { Kysely } from 'kysely';
import { sharedRead } from '../lib/shared-read.js';
import { PreparedRead } from './prepared-read.js';
import type { Database } from './schema.js';

/**
 * The one-row counters that database triggers bump (db/migrations/helpers.ts, `createVersionCounter`), inside the
 * writer's transaction, so every instance's caches see a write at their next read of the counter:
 * - `catalog_version`: the home rows and the search index (modules/catalog/browse/service.ts), watched on titles,
 *   genres, episodes, media assets (the columns a card shows), ratings, and titles' and genres' translations.
 * - `access_version`: live sessions with their account's billing (modules/accounts/auth/live-session-cache.ts), and
 *   what is worked out from a kept session (its access, its lock rule, its rows answer), watched on sessions, the
 *   account's role, status and trial, subscriptions and plans.
 * - `playback_version`: the live playbacks every stream address is checked against
 *   (modules/playback/sessions/live-playbacks.ts), watched on a playback's end.
 * A cache that starts reading another table, or a new table, is placed in `version-counter.test.ts`, which fails
 * until the table's triggers match its place; writes need nothing more, as the triggers count them.
 */
export type VersionCounterTable = 'catalog_version' | 'access_version' | 'playback_version';

/**
 * A reader of a version counter for the caches kept per version. Many calls ask for it, so the calls of one turn
 * of the event loop share one read (`sharedRead`), compiled once.
 */
export function versionCounter(db: Kysely<Database>, table: VersionCounterTable): () => Promise<number> {
  const row = new PreparedRead(db, 0, (db) => db.selectFrom(table).select('version').where('id', '=', 1));
  return sharedRead(async () => Number((await row.first())?.version ?? 0));
}
