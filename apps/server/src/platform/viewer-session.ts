import { type AgeRating, lowerCeiling, type Role } from '@salomtv/contract';
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
  /** The profile the session is on: the per-profile lists, progress and ratings are its. */
  profile_id: number;
  /** A kids profile (its home is the kids layout). */
  kids: boolean;
  /** Titles rated above this (or unrated) are hidden from this viewer and refused to them; null for none. */
  maturity_ceiling: AgeRating | null;
  /** The account password was given in this session for titles above the account's maturity limit. */
  mature_unlocked: boolean;
}

/**
 * A live session on no profile: the profile it was on was deleted, and it must not land on another that may be
 * locked. It may list the account's profiles and choose one (routes with `profileless`); every other call is refused.
 */
export interface ChoosingSession extends SessionExtras {
  user_id: number;
  session_hash: string;
  role: 'user' | 'admin';
  expires_at: string;
  profile_id: null;
  mature_unlocked: boolean;
}

/** What a session token stands for while it lives: a viewer on a profile, or a session choosing one. */
export type LiveSession = SessionUser | ChoosingSession;

/** The viewer of a live session that is on a profile; undefined for none or one still choosing its profile. */
export function onProfile(session: LiveSession | undefined): SessionUser | undefined {
  return session?.profile_id === null ? undefined : session;
}

/** What a domain's session reader adds to a session (declared by that domain, see modules/billing/account-billing.ts). */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the domains that read more with a session
export interface SessionExtras {}

/** Reads the live session of a token's hash: accounts' session repository, or billing's, which reads more with it. */
export interface LiveSessionReader {
  findLive(sessionHash: string, nowIso: string): Promise<LiveSession | undefined>;
}

/**
 * The sessions that count: not expired, of an active account. Every reader of a live session starts here,
 * with the session, its user and its profile (none while it chooses one) joined.
 */
export function liveSessionQuery(db: Kysely<Database>, sessionHash: string, nowIso: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.user_id', 'sessions.user_id')
    .leftJoin('profiles', (join) =>
      join
        .onRef('profiles.profile_id', '=', 'sessions.profile_id')
        .onRef('profiles.user_id', '=', 'users.user_id'),
    )
    .where('sessions.session_hash', '=', sessionHash)
    .where('sessions.expires_at', '>', nowIso)
    .where('users.status', '=', 'active');
}

/** What every reader of a live session selects of its profile and maturity settings (`profileOfSession`). */
export const LIVE_PROFILE_COLUMNS = [
  'profiles.profile_id as session_profile_id',
  'profiles.maturity as profile_maturity',
  'profiles.kids as profile_kids',
  'users.maturity_limit as account_maturity_limit',
  'sessions.mature_unlocked as session_mature_unlocked',
] as const;

/** The session's profile and the maturity ceiling it watches under, from `LIVE_PROFILE_COLUMNS`; none while choosing. */
export function profileOfSession(row: {
  session_profile_id: number | null;
  profile_maturity: AgeRating | null;
  profile_kids: number | null;
  account_maturity_limit: AgeRating | null;
  session_mature_unlocked: number;
}):
  | Pick<SessionUser, 'profile_id' | 'kids' | 'maturity_ceiling' | 'mature_unlocked'>
  | Pick<ChoosingSession, 'profile_id' | 'mature_unlocked'> {
  const mature_unlocked = row.session_mature_unlocked === 1;
  if (row.session_profile_id === null) return { profile_id: null, mature_unlocked };
  return {
    profile_id: row.session_profile_id,
    mature_unlocked,
    kids: row.profile_kids === 1,
    maturity_ceiling: lowerCeiling(
      row.profile_maturity === '18+' ? null : row.profile_maturity,
      mature_unlocked ? null : row.account_maturity_limit,
    ),
  };
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
  resolve(token: string | undefined): Promise<LiveSession | undefined>;
}
