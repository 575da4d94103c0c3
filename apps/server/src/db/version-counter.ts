import type { Kysely } from 'kysely';
import { sharedRead } from '../lib/shared-read.js';
import { PreparedRead } from './prepared-read.js';
import type { Database } from './schema.js';

/** The one-row counters that database triggers bump (db/migrations/helpers.ts, `createVersionCounter`). */
export type VersionCounterTable = 'catalog_version' | 'access_version' | 'playback_version';

/**
 * A reader of a version counter for the caches kept per version. Many calls ask for it, so the calls of one turn
 * of the event loop share one read (`sharedRead`), compiled once.
 */
export function versionCounter(db: Kysely<Database>, table: VersionCounterTable): () => Promise<number> {
  const row = new PreparedRead(db, 0, (db) => db.selectFrom(table).select('version').where('id', '=', 1));
  return sharedRead(async () => Number((await row.first())?.version ?? 0));
}
