import type { Kysely } from 'kysely';
import { createVersionCounter } from './helpers.js';

/**
 * Every feature stream address is bound to a playback session, and the session to the sign-in session that
 * started it (sessions from before have none, so their players start again). Each API instance checks it from memory. A
 * session that ends (stopped from a player or from another device) or is deleted bumps
 * `playback_version.version`, so the other instances learn of it at their next look at the counter (about once a
 * second) and read the sessions that ended since. Heartbeats are not counted: an instance re-reads a session that
 * looks silent to it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('playback_sessions')
    .addColumn('session_hash', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await createVersionCounter(db, 'playback_version', [
    { table: 'playback_sessions', updateOf: ['ended_at'], inserts: false },
  ]);
  await db.schema
    .createIndex('playback_sessions_ended_idx')
    .on('playback_sessions')
    .column('ended_at')
    .execute();
}
