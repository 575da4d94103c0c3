import { randomBytes } from 'node:crypto';
import { CSRF_COOKIE, CSRF_HEADER } from '@salomtv/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { safeEqual } from '../lib/tokens.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HEADER_NAME = CSRF_HEADER.toLowerCase();
const ATTRIBUTES = '; Path=/; SameSite=Lax';
const SECURE_ATTRIBUTES = '; Path=/; Secure; SameSite=Lax';
const TOKEN_BYTES = 32;

/**
 * 32-byte random tokens (base64url) cut from a 16 KiB block of crypto.randomBytes: one system call per
 * 512 tokens instead of one per token. Every read without the cookie gets one (wrk, probes, first visits).
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
/**
 * Double-submit CSRF protection: the page reads the XSRF-TOKEN cookie and echoes it in X-XSRF-TOKEN
 * on every state-changing call; another site can neither read the cookie nor set the header.
 */
export function registerCsrf(app: FastifyInstance): void {
  const tokens = new TokenSource();
  // A callback hook, not an async one: it runs on every request (bench/README.md, framework cost).
  app.addHook('onRequest', (request, reply, done) => {
    const safe = SAFE_METHODS.has(request.method);
    let token: string | undefined = request.cookies[CSRF_COOKIE];
    if (token && (token.length < 20 || token.length > 100)) token = undefined;
    // Handed out on reads only: a page load or the client's GET /api/health comes before any state-changing
    // call, and a cookie in the answer to a POST would only be noise (and a tenth of a small call's cost).
    if (!token && safe) {
      token = tokens.next();
      // What reply.setCookie wrote, without its per-request option merging; its onSend hook keeps this
      // header and adds any cookie set later (the session cookie at sign-in).
      reply.header(
        'set-cookie',
        `${CSRF_COOKIE}=${token}${request.protocol === 'https' ? SECURE_ATTRIBUTES : ATTRIBUTES}`,
      );
      request.cookies[CSRF_COOKIE] = token;
    }
    const policy = request.routeOptions.config?.csrf;
    if (policy === false) return done();
    if (safe && policy !== true) return done();
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
  });
}
