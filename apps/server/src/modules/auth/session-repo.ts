import type { Kysely } from 'kysely';
import { PreparedRead } from '../../db/prepared-read.js';
import type { Database } from '../../db/schema.js';

export interface SessionUser {
  user_id: number;
  role: 'user' | 'admin';
  expires_at: string;
}

export class SessionRepo {
  /** Every signed-in request reads its session: built and compiled once. */
  private readonly live: PreparedRead<[sessionHash: string, nowIso: string], SessionUser>;

  constructor(private readonly db: Kysely<Database>) {
    this.live = new PreparedRead(db, 2, (db, sessionHash: string, nowIso: string) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.user_id', 'sessions.user_id')
        .select(['users.user_id', 'users.role', 'sessions.expires_at'])
        .where('sessions.session_hash', '=', sessionHash)
        .where('sessions.expires_at', '>', nowIso)
        .where('users.status', '=', 'active'),
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
