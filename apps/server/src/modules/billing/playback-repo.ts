import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PlaybackSessionsTable } from '../../db/schema-billing.js';
import { versionCounter } from '../../db/version-counter.js';

export type PlaybackRow = Selectable<PlaybackSessionsTable>;

/** The playback_sessions table: players streaming now. */
export class PlaybackRepo {
  /** Bumped by the database whenever a session ends or is deleted (migration 0012-playback-stream-bind). */
  readonly version: () => Promise<number>;

  constructor(private readonly db: Kysely<Database>) {
    this.version = versionCounter(db, 'playback_version');
  }

  async insert(values: Insertable<PlaybackSessionsTable>): Promise<void> {
    await this.db.insertInto('playback_sessions').values(values).execute();
  }

  find(playbackId: string): Promise<PlaybackRow | undefined> {
    return this.db
      .selectFrom('playback_sessions')
      .selectAll()
      .where('playback_id', '=', playbackId)
      .executeTakeFirst();
  }

  /** The account's sessions that have not stopped and were heard from after `sinceIso`. */
  active(userId: number, sinceIso: string): Promise<PlaybackRow[]> {
    return this.db
      .selectFrom('playback_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .where('last_seen_at', '>', sinceIso)
      .orderBy('started_at')
      .execute();
  }

  async touch(playbackId: string, nowIso: string): Promise<void> {
    await this.db
      .updateTable('playback_sessions')
      .set({ last_seen_at: nowIso })
      .where('playback_id', '=', playbackId)
      .execute();
  }

  async end(playbackId: string, nowIso: string): Promise<void> {
    await this.db
      .updateTable('playback_sessions')
      .set({ ended_at: nowIso })
      .where('playback_id', '=', playbackId)
      .where('ended_at', 'is', null)
      .execute();
  }

  /** Sessions that ended after `sinceIso`. */
  endedSince(sinceIso: string): Promise<{ playback_id: string }[]> {
    return this.db
      .selectFrom('playback_sessions')
      .select('playback_id')
      .where('ended_at', '>', sinceIso)
      .execute();
  }

  /** Forgets sessions that stopped or went silent before `beforeIso`. */
  async deleteStale(beforeIso: string): Promise<void> {
    await this.db.deleteFrom('playback_sessions').where('last_seen_at', '<', beforeIso).execute();
  }
}
