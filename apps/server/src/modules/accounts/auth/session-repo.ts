import type { Kysely } from 'kysely';
import { PreparedRead } from '../../../db/prepared-read.js';
import type { Database } from '../../../db/schema.js';
import { versionCounter } from '../../../db/version-counter.js';
import {
  LIVE_PROFILE_COLUMNS,
  type LiveSession,
  type LiveSessionReader,
  liveSessionQuery,
  profileOfSession,
} from '../../../platform/viewer-session.js';
import { ensureOwnerProfile } from '../profiles/repo.js';

/** The live session's account and profile columns, built and compiled once. */
const liveSessionRead = (db: Kysely<Database>) =>
  new PreparedRead(db, 2, (db, sessionHash: string, nowIso: string) =>
    liveSessionQuery(db, sessionHash, nowIso).select([
      'users.user_id',
      'sessions.session_hash',
      'users.role',
      'sessions.expires_at',
      ...LIVE_PROFILE_COLUMNS,
    ]),
  );

export class SessionRepo implements LiveSessionReader {
  /** Every signed-in request reads its session: built and compiled once. */
  private readonly live: ReturnType<typeof liveSessionRead>;

  /**
   * The access version: any write that could change what a live session says about its viewer (a sign-out, an
   * account's role, status or trial, a subscription, a plan) bumps it (database triggers, migration 0008).
   */
  readonly version: (arrival?: number) => Promise<number>;

  constructor(private readonly db: Kysely<Database>) {
    this.version = versionCounter(db, 'access_version');
    this.live = liveSessionRead(db);
  }

  /** A new session starts on the account owner's profile (made now if the account has none). */
  async insert(row: {
    session_hash: string;
    user_id: number;
    remember: number;
    created_at: string;
    expires_at: string;
    public_id: string;
    user_agent: string | null;
  }) {
    await ensureOwnerProfile(this.db, row.user_id);
    await this.db
      .insertInto('sessions')
      .values((eb) => ({
        ...row,
        last_used_at: row.created_at,
        profile_id: eb
          .selectFrom('profiles')
          .select('profile_id')
          .where('user_id', '=', row.user_id)
          .orderBy('position')
          .orderBy('profile_id')
          .limit(1),
      }))
      .execute();
  }

  /** The live session's user, if the session has not expired and the account is active. */
  async findLive(sessionHash: string, nowIso: string): Promise<LiveSession | undefined> {
    const row = await this.live.first(sessionHash, nowIso);
    if (!row) return undefined;
    return {
      user_id: row.user_id,
      session_hash: row.session_hash,
      role: row.role,
      expires_at: row.expires_at,
      ...profileOfSession(row),
    };
  }

  /** Moves a session onto another profile of its account (the access version bumps: it says who watches). */
  async setProfile(sessionHash: string, profileId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ profile_id: profileId })
      .where('session_hash', '=', sessionHash)
      .execute();
  }

  /** The account password was given in this session: titles above the account's limit show until it ends. */
  async unlockMature(sessionHash: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ mature_unlocked: 1 })
      .where('session_hash', '=', sessionHash)
      .execute();
  }

  /**
   * Records that the session was used now, unless that was already written since `unlessSince`: the sessions list
   * shows it, and the access version does not watch it (migration 0026), so no live session is read again.
   */
  async touch(sessionHash: string, nowIso: string, unlessSince: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_used_at: nowIso })
      .where('session_hash', '=', sessionHash)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', unlessSince)]))
      .execute();
  }

  /** The account's sessions that have not expired, newest use first. */
  listForUser(userId: number, nowIso: string) {
    return this.db
      .selectFrom('sessions')
      .select(['session_hash', 'public_id', 'user_agent', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', nowIso)
      .orderBy('last_used_at', 'desc')
      .orderBy('created_at', 'desc')
      .execute();
  }

  /** Ends the account's session with this list id; the hash of the session ended, if there was one. */
  async deleteByPublicId(userId: number, publicId: string): Promise<string | undefined> {
    const row = await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('public_id', '=', publicId)
      .returning('session_hash')
      .executeTakeFirst();
    return row?.session_hash;
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
