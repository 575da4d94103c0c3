import type { Role } from '@salomtv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Who a signed-in request comes from: every domain reads it (the access check puts it on the request). Billing adds
 * the account's subscription and plan when its reader read them with the session (`SessionExtras`).
 */
export interface SessionUser extends SessionExtras {
  user_id: number;
  /** The hash of the session's token (what the sessions table keys on): a playback session belongs to it. */
  session_hash: string;
  role: 'user' | 'admin';
  expires_at: string;
}

/** What a domain's session reader adds to a session (declared by that domain, see modules/billing/account-billing.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the domains that read more with a session
export interface SessionExtras {}

/** Reads the live session of a token's hash: accounts' session repository, or billing's, which reads more with it. */
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

/** A session just started (sign-in, sign-up): the cookie is set from it. */
export interface NewSession {
  token: string;
  role: Role;
  /** Set for "Remember me": the cookie outlives the browser. */
  persistentUntil: Date | undefined;
}

/** Finds the viewer of a session token (accounts' auth service): the access check of every route asks it. */
export interface SessionResolver {
  resolve(token: string | undefined): Promise<SessionUser | undefined>;
}
