import { createHmac, randomBytes } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, CSRF_TOKEN_PATH } from '@salomtv/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../lib/errors.js';
import { safeEqual } from '../lib/tokens.js';
import { appendHook } from './route-hooks.js';
import { SESSION_COOKIE } from './session-cookie.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HEADER_NAME = CSRF_HEADER.toLowerCase();
const ATTRIBUTES = '; Path=/; SameSite=Lax';
const SECURE_ATTRIBUTES = '; Path=/; Secure; SameSite=Lax';
const TOKEN_BYTES = 32;

/**
 * 32-byte random values (base64url) cut from a 16 KiB block of crypto.randomBytes: one system call per
 * 512 values instead of one per value.
 */
class RandomSource {
  private block = Buffer.alloc(0);
  private offset = 0;

  next(): string {
    if (this.offset + TOKEN_BYTES > this.block.length) {
      this.block = randomBytes(TOKEN_BYTES * 512);
      this.offset = 0;
    }
    const value = this.block.toString('base64url', this.offset, this.offset + TOKEN_BYTES);
    this.offset += TOKEN_BYTES;
    return value;
  }
}
const random = new RandomSource();

/**
 * The tokens: a random value before sign-in; once there is a session, `<random>.<HMAC(key, random.session)>`
 * (OWASP's signed double-submit cookie). A cookie planted by someone else (a sibling subdomain, a network
 * attacker on plain HTTP) then fits no victim's session, as its maker cannot compute the MAC without the
 * session token, which lives in an httpOnly cookie.
 */
export class CsrfTokens {
  constructor(private readonly key: Buffer) {}

  /** A fresh token for a client with the session `sessionToken` (none: signed out). */
  issue(sessionToken: string | undefined): string {
    const nonce = random.next();
    return sessionToken === undefined ? nonce : `${nonce}.${this.mac(nonce, sessionToken)}`;
  }

  /** Whether `token` may be used with the session cookie `sessionToken`: without one, any token of ours may. */
  fits(token: string, sessionToken: string | undefined): boolean {
    if (sessionToken === undefined) return true;
    const dot = token.indexOf('.');
    if (dot <= 0) return false;
    return safeEqual(token.slice(dot + 1), this.mac(token.slice(0, dot), sessionToken));
  }

  private mac(nonce: string, sessionToken: string): string {
    return createHmac('sha256', this.key).update(`${nonce}.${sessionToken}`).digest('base64url');
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    csrfTokens: CsrfTokens;
  }
}

/** The request's CSRF cookie, if it looks like one of ours. */
function tokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[CSRF_COOKIE];
  return token && token.length >= 20 && token.length <= 100 ? token : undefined;
}

function sessionOf(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

function cookieLine(request: FastifyRequest, token: string): string {
  return `${CSRF_COOKIE}=${token}${request.protocol === 'https' ? SECURE_ATTRIBUTES : ATTRIBUTES}`;
}

/**
 * Gives the client a CSRF cookie if it has none that fits its session. Called for pages (index.html and the pages
 * the server paints) and for `GET /api/csrf` (a script on a page the server did not send, or whose cookie is gone
 * or belongs to another session): those are what a browser asks for before any change. API reads and files carry
 * no cookie, so probes and crawlers are not handed one per call.
 */
export function issueCsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  const tokens = request.server.csrfTokens;
  const token = tokenOf(request);
  const session = sessionOf(request);
  if (token && tokens.fits(token, session)) return;
  // The line written once per scheme (cookieLine), not through setCookie's options on every page.
  reply.header('set-cookie', cookieLine(request, tokens.issue(session)));
}

/** A new token for the session just started (`sessionToken`) or just ended (undefined): sign-in, sign-up, sign-out. */
export function renewCsrfCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  sessionToken: string | undefined,
): void {
  reply.setCookie(CSRF_COOKIE, request.server.csrfTokens.issue(sessionToken), {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

const csrfFailed = () =>
  new AppError(403, 'csrf_failed', 'The security token is missing or stale: reload the page and try again');
const crossSite = () => new AppError(403, 'csrf_failed', 'This call may only be made from the site itself');

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Whether a browser says the call comes from another site: `Sec-Fetch-Site: cross-site`, or an `Origin` that is
 * neither the site's public one nor the address the request was sent to (Host, or X-Forwarded-Host behind a
 * trusted proxy). A call without either header (a script, an old browser) is left to the token.
 */
function fromAnotherSite(request: FastifyRequest, publicOrigin: string): boolean {
  if (headerOf(request, 'sec-fetch-site') === 'cross-site') return true;
  const origin = headerOf(request, 'origin');
  if (origin === undefined || origin === publicOrigin) return false;
  try {
    const { protocol, host } = new URL(origin);
    // Through URL too, so a default port written out in Host (localhost:80) compares equal.
    return host !== new URL(`${protocol}//${request.host}`).host;
  } catch {
    return true; // "null" (a sandboxed frame, a data: page) or garbage
  }
}

/**
 * The check: the call comes from no other site, the header echoes the cookie (another site can neither read the
 * cookie nor set the header), and the token fits the session cookie sent with it.
 */
function checkOn(methods: ReadonlySet<string> | 'every method', publicOrigin: string): onRequestHookHandler {
  return (request, _reply, done) => {
    if (methods !== 'every method' && !methods.has(request.method)) return done();
    if (fromAnotherSite(request, publicOrigin)) return done(crossSite());
    const token = tokenOf(request);
    const sent = headerOf(request, HEADER_NAME);
    if (!sent || !token || !safeEqual(sent, token)) return done(csrfFailed());
    if (!request.server.csrfTokens.fits(token, sessionOf(request))) return done(csrfFailed());
    done();
  };
}

export interface CsrfSettings {
  /** The key that binds a token to its session (shared by every instance). */
  key: Buffer;
  /** The site's public address (PUBLIC_URL); its origin is accepted besides the request's own Host. */
  publicUrl: string;
}

/**
 * Double-submit CSRF protection: the page reads the XSRF-TOKEN cookie and echoes it in X-XSRF-TOKEN on every
 * state-changing call. The check is put on each route that needs it when the route is added (every method but
 * GET, HEAD and OPTIONS; every method of a route with `csrf: true`; none with `csrf: false`), so reads pay
 * nothing for it.
 */
export function registerCsrf(app: FastifyInstance, settings: CsrfSettings): void {
  app.decorate('csrfTokens', new CsrfTokens(settings.key));
  const publicOrigin = new URL(settings.publicUrl).origin;
  app.addHook('onRoute', (route) => {
    const policy = route.config?.csrf;
    if (policy === false) return;
    if (policy === true) {
      route.onRequest = appendHook(route.onRequest, checkOn('every method', publicOrigin));
      return;
    }
    const changes = new Set([route.method].flat().filter((method) => !SAFE_METHODS.has(method)));
    if (changes.size > 0) route.onRequest = appendHook(route.onRequest, checkOn(changes, publicOrigin));
  });

  app.get(CSRF_TOKEN_PATH, {
    config: { access: 'public' },
    // Answers 204, with an XSRF-TOKEN cookie when the client has none that fits its session.
    schema: { tags: ['auth'] },
    handler: (request, reply) => {
      issueCsrfCookie(request, reply);
      reply.status(204).send();
    },
  });
}
