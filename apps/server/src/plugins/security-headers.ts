import type { FastifyInstance } from 'fastify';

/**
 * The security headers of every answer: what `@fastify/helmet` sent with our policy, written once here.
 * Helmet rebuilt its whole middleware (parsing the CSP directives again) on every request: a tenth of the
 * cost of a small API call (bench/README.md). The names and values are unchanged; platform.test.ts checks them.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
].join(';');

export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** Sets them on the raw response first thing, so every answer has them (errors, 404s, hijacked replies). */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of SECURITY_HEADERS) raw.setHeader(name, value);
    done();
  });
}
