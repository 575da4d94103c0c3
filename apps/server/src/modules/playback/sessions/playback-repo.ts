import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { PlaybackSessionsTable } from '../../../db/schema-billing.js';
import { versionCounter } from '../../../db/version-counter.js';
import { writeTransaction } from '../../../db/write-transaction.js';

export type PlaybackRow = Selectable<PlaybackSessionsTable>;
/** What a session streams under, kept on its row for the metrics. */
export type StreamPlan = Pick<PlaybackRow, 'plan' | 'max_height'>;

/** The playback_sessions table: players streaming now. */
export class PlaybackRepo {
  /** Bumped by the database whenever a session ends or is deleted (migration 0012-playback-stream-bind). */
  readonly version: (arrival?: number) => Promise<number>;

  constructor(private readonly db: Kysely<Database>) {
    this.version = versionCounter(db, 'playback_version');
  }

  /**
   * Adds a session unless the account already has `limit` live ones (heard from after `sinceIso`), which it answers
   * then. One transaction with the account's row locked (`writeTransaction`): two starts at once, on one instance
   * or two, cannot both take the last free stream.
   */
  insertWithinLimit(
    values: Insertable<PlaybackSessionsTable> & { user_id: number },
    limit: number,
    sinceIso: string,
  ): Promise<PlaybackRow[] | undefined> {
    return this.withAccountLocked(values.user_id, async (trx) => {
      const live = await activeIn(trx, values.user_id, sinceIso);
      if (live.length >= limit) return live;
      await trx.insertInto('playback_sessions').values(values).execute();
      return undefined;
    });
  }

  /** Marks a live session heard from now, under the plan it streams under now. */
  async touch(playbackId: string, nowIso: string, plan: StreamPlan): Promise<void> {
    await touchIn(this.db, playbackId, nowIso, plan);
  }

  /**
   * Marks a session that had gone silent heard from now, unless the account's other live sessions already fill
   * `limit`, which it answers then. Locked as `insertWithinLimit` is, so a silent player coming back cannot take a
   * stream a start is taking at the same moment.
   */
  reviveWithinLimit(
    row: PlaybackRow,
    limit: number,
    sinceIso: string,
    nowIso: string,
    plan: StreamPlan,
  ): Promise<PlaybackRow[] | undefined> {
    return this.withAccountLocked(row.user_id, async (trx) => {
      const others = (await activeIn(trx, row.user_id, sinceIso)).filter(
        (live) => live.playback_id !== row.playback_id,
      );
      if (others.length >= limit) return others;
      await touchIn(trx, row.playback_id, nowIso, plan);
      return undefined;
    });
  }

  private withAccountLocked<T>(userId: number, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return writeTransaction(
      this.db,
      (trx) => trx.selectFrom('users').select('user_id').where('user_id', '=', userId).forUpdate().execute(),
      work,
    );
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
    return activeIn(this.db, userId, sinceIso);
  }

  /** The sessions a sign-in session started that have not stopped. */
  openOfSignIn(sessionHash: string): Promise<PlaybackRow[]> {
    return this.db
      .selectFrom('playback_sessions')
      .selectAll()
      .where('session_hash', '=', sessionHash)
      .where('ended_at', 'is', null)
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

  /** The live sessions of every account (heard from after `sinceIso`, not stopped), counted by plan and cap. */
  liveByPlan(sinceIso: string): Promise<{ plan: string; max_height: number; live: number }[]> {
    return this.db
      .selectFrom('playback_sessions')
      .where('ended_at', 'is', null)
      .where('last_seen_at', '>', sinceIso)
      .groupBy(['plan', 'max_height'])
      .select((eb) => ['plan', 'max_height', eb.fn.countAll<number>().as('live')])
      .execute();
  }

  /** Forgets sessions that stopped or went silent before `beforeIso`. */
  async deleteStale(beforeIso: string): Promise<void> {
    await this.db.deleteFrom('playback_sessions').where('last_seen_at', '<', beforeIso).execute();
  }
}

function activeIn(db: Kysely<Database>, userId: number, sinceIso: string): Promise<PlaybackRow[]> {
  return db
    .selectFrom('playback_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('last_seen_at', '>', sinceIso)
    .orderBy('started_at')
    .execute();
}

async function touchIn(
  db: Kysely<Database>,
  playbackId: string,
  nowIso: string,
  plan: StreamPlan,
): Promise<void> {
  await db
    .updateTable('playback_sessions')
    .set({ last_seen_at: nowIso, plan: plan.plan, max_height: plan.max_height })
    .where('playback_id', '=', playbackId)
    .execute();
}
