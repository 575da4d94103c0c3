import type { Kysely } from 'kysely';
import { type SharedRead, sharedRead } from '../lib/shared-read.js';
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

type Versions = Record<VersionCounterTable, number>;

const TABLES: readonly VersionCounterTable[] = ['catalog_version', 'access_version', 'playback_version'];

/** Per database: the three counters in one read, so a signed-in catalogue call waits for one round trip, not two. */
const versionsOf = new WeakMap<Kysely<Database>, SharedRead<Versions>>();

function versionsRead(db: Kysely<Database>): SharedRead<Versions> {
  let read = versionsOf.get(db);
  if (!read) {
    const row = new PreparedRead(db, 0, (db) =>
      db.selectNoFrom((eb) =>
        TABLES.map((table) => eb.selectFrom(table).select('version').where('id', '=', 1).as(table)),
      ),
    );
    read = sharedRead(async () => {
      const found = (await row.first()) as Partial<Record<VersionCounterTable, unknown>> | undefined;
      const versions = {} as Versions;
      for (const table of TABLES) versions[table] = Number(found?.[table] ?? 0);
      return versions;
    });
    versionsOf.set(db, read);
  }
  return read;
}

/**
 * A reader of a version counter for the caches kept per version. Many calls ask for it, so the calls of one turn
 * of the event loop share one read of all three counters (`sharedRead`), compiled once; a call that gives its
 * request's arrival takes the read its request's session check already sent.
 */
export function versionCounter(
  db: Kysely<Database>,
  table: VersionCounterTable,
): (arrival?: number) => Promise<number> {
  const read = versionsRead(db);
  return (arrival) => read(arrival).then((versions) => versions[table]);
}
