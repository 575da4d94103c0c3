import { randomBytes } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER, CSRF_TOKEN_PATH } from '@salomtv/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../lib/errors.js';
import { safeEqual } from '../lib/tokens.js';
import { appendHook } from './route-hooks.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HEADER_NAME = CSRF_HEADER.toLowerCase();
const ATTRIBUTES = '; Path=/; SameSite=Lax';
const SECURE_ATTRIBUTES = '; Path=/; Secure; SameSite=Lax';
const TOKEN_BYTES = 32;

/**
 * 32-byte random tokens (base64url) cut from a 16 KiB block of crypto.randomBytes: one system call per
 * 512 tokens instead of one per token.
 */
class TokenSource {
  private block = Buffer.alloc(0);
  private offset = 0;

  next(): string {
    if (this.offset + TOKEN_BYTES > this.block.length) {
      this.block = randomBytes(TOKEN_BYTES * 512);
      this.offset = 0;
    }
    const token = this.block.toString('base64url', this.offset, this.offset + TOKEN_BYTES);
    this.offset += TOKEN_BYTES;
    return token;
  }
}
const tokens = new TokenSource();

/** The request's CSRF cookie, if it looks like one of ours. */
function tokenOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[CSRF_COOKIE];
  return token && token.length >= 20 && token.length <= 100 ? token : undefined;
}

/**
 * Gives the client a CSRF cookie if it has none. Called for pages (index.html and the pages the server paints)
 * and for `GET /api/csrf` (a script on a page the server did not send, or whose cookie is gone): those are what
 * a browser asks for before any change. API reads and files carry no cookie, so a shared cache or CDN may keep
 * them, and probes and crawlers are not handed one per call.
 */
export function issueCsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (tokenOf(request)) return;
  // What reply.setCookie writes, without its per-request option merging; its onSend hook keeps this header and
  // adds any cookie set later (the session cookie at sign-in).
  reply.header(
    'set-cookie',
    `${CSRF_COOKIE}=${tokens.next()}${request.protocol === 'https' ? SECURE_ATTRIBUTES : ATTRIBUTES}`,
  );
}

/** The check: the header must echo the cookie; another site can neither read the cookie nor set the header. */
function checkOn(methods: ReadonlySet<string> | 'every method'): onRequestHookHandler {
  return (request, _reply, done) => {
    if (methods !== 'every method' && !methods.has(request.method)) return done();
    const token = tokenOf(request);
    const header = request.headers[HEADER_NAME];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!sent || !token || !safeEqual(sent, token)) {
      return done(
        new AppError(
          403,
          'csrf_failed',
          'The security token is missing or stale: reload the page and try again',
        ),
      );
    }
    done();
  };
}

/**
 * Double-submit CSRF protection: the page reads the XSRF-TOKEN cookie and echoes it in X-XSRF-TOKEN on every
 * state-changing call. The check is put on each route that needs it when the route is added (every method but
 * GET, HEAD and OPTIONS; every method of a route with `csrf: true`; none with `csrf: false`), so reads pay
 * nothing for it (bench/README.md, fifteenth round).
 */
export function registerCsrf(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const policy = route.config?.csrf;
    if (policy === false) return;
    if (policy === true) {
      route.onRequest = appendHook(route.onRequest, checkOn('every method'));
      return;
    }
    const changes = new Set([route.method].flat().filter((method) => !SAFE_METHODS.has(method)));
    if (changes.size > 0) route.onRequest = appendHook(route.onRequest, checkOn(changes));
  });

  app.get(CSRF_TOKEN_PATH, {
    config: { access: 'public' },
    // Answers 204, with the XSRF-TOKEN cookie when the client had none.
    schema: { tags: ['auth'] },
    handler: (request, reply) => {
      issueCsrfCookie(request, reply);
      reply.header('cache-control', 'no-store').status(204).send();
    },
  });
}
