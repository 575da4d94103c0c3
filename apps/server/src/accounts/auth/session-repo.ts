import type { Kysely } from 'kysely';
import type { AccountBilling } from '../../billing/account-billing.js';
import { PreparedRead } from '../../db/prepared-read.js';
import type { Database } from '../../db/schema.js';
import { versionCounter } from '../../db/version-counter.js';

export interface SessionUser {
  user_id: number;
  /** The hash of the session's token (what the sessions table keys on): a playback session belongs to it. */
  session_hash: string;
  role: 'user' | 'admin';
  expires_at: string;
  /**
   * The account's subscription and plan, when they were read with the session (billing's reader, one query for
   * both, behind the live-session cache the container wires): the request's later checks of what the viewer may
   * watch use them instead of reading them again.
   */
  billing?: AccountBilling;
}

/** Reads the live session of a token's hash: this repository, or one that reads more with it. */
export interface LiveSessionReader {
  findLive(sessionHash: string, nowIso: string): Promise<SessionUser | undefined>;
}

/**
 * The sessions that count: not expired, of an active account. Every reader of a live session starts here,
 * with the session and its user joined.
 */
export function liveSessionQuery(db: Kysely<Database>, sessionHash: string, nowIso: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.user_id', 'sessions.user_id')
    .where('sessions.session_hash', '=', sessionHash)
    .where('sessions.expires_at', '>', nowIso)
    .where('users.status', '=', 'active');
}

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
