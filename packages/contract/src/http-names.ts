// Cookies, headers and paths both sides name. No zod here: the web app's first script takes these alone.

/** Names of the CSRF cookie and header (the spec's HTTP client defaults). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
/**
 * A cookie the page can read (the session cookie is httpOnly) that says a session was started in this browser:
 * without it the page knows it is signed out and asks nothing. It is a hint, never a credential.
 */
export const SIGNED_IN_COOKIE = 'signed_in';
/** Sets the CSRF cookie for a client that has none (pages come with it): `GET`, answered 204. */
export const CSRF_TOKEN_PATH = '/api/csrf';

/**
 * The spec's list calls (`GET /api/movie/get`, `GET /api/web/user`) answer a plain array, as the spec shows them.
 * Paging goes in the query (`page`, `pageSize`), the total in this header, and the neighbouring pages in an
 * RFC 8288 `Link` header (rel first, prev, next, last).
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const LINK_HEADER = 'link';

/**
 * The cookie that mirrors the stored language keyword (`key` in localStorage), so the server can paint the
 * landing page in the visitor's language before any script runs.
 */
export const LANGUAGE_COOKIE = 'lang';
