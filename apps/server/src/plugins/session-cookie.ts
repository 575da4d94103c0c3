/** The name of the httpOnly cookie that carries the session token (access.ts sets it, csrf.ts binds to it). */
export const SESSION_COOKIE = 'sid';

/**
 * The httpOnly cookie of a sign-in waiting for its second step. It is not a session: only the second step's calls
 * (under this path, the only ones the browser sends it to) read it.
 */
export const PENDING_SIGN_IN_COOKIE = 'sid_pending';
export const PENDING_SIGN_IN_PATH = '/api/auth/second-factor';
