import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { PendingSignInsTable } from '../../../db/schema-accounts.js';

export type PendingSignInRow = Selectable<PendingSignInsTable>;

/**
 * The WebAuthn challenges in flight: a sign-in waiting for its second step (keyed by its pending cookie's hash)
 * and a passkey registration (keyed by the session that asked).
 */
export class PendingSignInRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: PendingSignInRow): Promise<void> {
    // Sign-ins left half done are forgotten when the next one starts: no timer needed.
    await this.db.deleteFrom('pending_sign_ins').where('expires_at', '<=', row.created_at).execute();
    await this.db.insertInto('pending_sign_ins').values(row).execute();
  }

  findLive(pendingHash: string, nowIso: string): Promise<PendingSignInRow | undefined> {
    return this.db
      .selectFrom('pending_sign_ins')
      .selectAll()
      .where('pending_hash', '=', pendingHash)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  async setPasskeyChallenge(pendingHash: string, challenge: string): Promise<void> {
    await this.db
      .updateTable('pending_sign_ins')
      .set({ passkey_challenge: challenge })
      .where('pending_hash', '=', pendingHash)
      .execute();
  }

  /** Ends the pending sign-in; true for the one request that ended it (a session starts only for that one). */
  async take(pendingHash: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('pending_sign_ins')
      .where('pending_hash', '=', pendingHash)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async saveRegistration(sessionHash: string, userId: number, challenge: string, expiresAt: string) {
    await this.db
      .insertInto('passkey_registrations')
      .values({ session_hash: sessionHash, user_id: userId, challenge, expires_at: expiresAt })
      .onConflict((oc) => oc.column('session_hash').doUpdateSet({ challenge, expires_at: expiresAt }))
      .execute();
  }

  /** The registration challenge of a session, taken (a challenge is answered once). */
  async takeRegistration(sessionHash: string, userId: number, nowIso: string): Promise<string | undefined> {
    const row = await this.db
      .deleteFrom('passkey_registrations')
      .where('session_hash', '=', sessionHash)
      .where('user_id', '=', userId)
      .returning(['challenge', 'expires_at'])
      .executeTakeFirst();
    return row && row.expires_at > nowIso ? row.challenge : undefined;
  }
}
