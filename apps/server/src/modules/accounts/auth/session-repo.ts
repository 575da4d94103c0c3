import type { Kysely } from 'kysely';
import { PreparedRead } from '../../../db/prepared-read.js';
import type { Database } from '../../../db/schema.js';
import { versionCounter } from '../../../db/version-counter.js';
import {
  type LiveSessionReader,
  liveSessionQuery,
  type SessionUser,
} from '../../../platform/viewer-session.js';

export class SessionRepo implements LiveSessionReader {
  /** Every signed-in request reads its session: built and compiled once. */
  private readonly live: PreparedRead<[sessionHash: string, nowIso: string], SessionUser>;

  /**
   * The access version: any write that could change what a live session says about its viewer (a sign-out, an
   * account's role, status or trial, a subscription, a plan) bumps it (database triggers, migration 0008).
   */
  readonly version: () => Promise<number>;

  constructor(private readonly db: Kysely<Database>) {
    this.version = versionCounter(db, 'access_version');
    this.live = new PreparedRead(db, 2, (db, sessionHash: string, nowIso: string) =>
      liveSessionQuery(db, sessionHash, nowIso).select([
        'users.user_id',
        'sessions.session_hash',
        'users.role',
        'sessions.expires_at',
      ]),
    );
  }

  async insert(row: {
    session_hash: string;
    user_id: number;
    remember: number;
    created_at: string;
    expires_at: string;
  }) {
    await this.db.insertInto('sessions').values(row).execute();
  }

  /** The live session's user, if the session has not expired and the account is active. */
  findLive(sessionHash: string, nowIso: string): Promise<SessionUser | undefined> {
    return this.live.first(sessionHash, nowIso);
  }

  async delete(sessionHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('session_hash', '=', sessionHash).execute();
  }

  async deleteForUser(userId: number, exceptHash?: string): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .$if(exceptHash !== undefined, (q) => q.where('session_hash', '!=', exceptHash!))
      .execute();
  }

  async deleteExpired(nowIso: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', nowIso).execute();
  }
}
