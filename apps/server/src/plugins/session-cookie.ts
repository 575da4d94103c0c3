/** The name of the httpOnly cookie that carries the session token (access.ts sets it, csrf.ts binds to it). */
export const SESSION_COOKIE = 'sid';
