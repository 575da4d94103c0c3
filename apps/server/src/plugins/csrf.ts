import { CSRF_COOKIE, CSRF_HEADER } from '@salomtv/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { randomToken, safeEqual } from '../lib/tokens.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit CSRF protection: the page reads the XSRF-TOKEN cookie and echoes it in X-XSRF-TOKEN
 * on every state-changing call; another site can neither read the cookie nor set the header.
 */
export function registerCsrf(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    let token = request.cookies[CSRF_COOKIE];
    if (!token || token.length < 20 || token.length > 100) {
      token = randomToken();
      reply.setCookie(CSRF_COOKIE, token, {
        path: '/',
        sameSite: 'lax',
        secure: request.protocol === 'https',
      });
      request.cookies[CSRF_COOKIE] = token;
    }
    const policy = request.routeOptions.config?.csrf;
    if (policy === false) return;
    if (SAFE_METHODS.has(request.method) && policy !== true) return;
    const header = request.headers[CSRF_HEADER.toLowerCase()];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!sent || !safeEqual(sent, token)) {
      throw new AppError(
        403,
        'csrf_failed',
        'The security token is missing or stale: reload the page and try again',
      );
    }
  });
}
