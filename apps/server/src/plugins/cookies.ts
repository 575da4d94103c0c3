import { parseCookie, type SetCookie, stringifySetCookie } from 'cookie';
import type { FastifyInstance } from 'fastify';

/** What a cookie is set with: the Set-Cookie attributes of the `cookie` package (name and value aside). */
export type CookieOptions = Omit<SetCookie, 'name' | 'value'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's cookies, parsed from its Cookie header on first read. */
    readonly cookies: Record<string, string | undefined>;
  }
  interface FastifyReply {
    /** Adds a Set-Cookie line (SameSite=Lax unless the options say otherwise). */
    setCookie(name: string, value: string, options?: CookieOptions): FastifyReply;
    /** Adds a Set-Cookie line that expires the cookie at once. */
    clearCookie(name: string, options?: Pick<CookieOptions, 'path' | 'domain'>): FastifyReply;
  }
}

const parsed = Symbol('cookies');
const NONE: Record<string, string | undefined> = Object.freeze({});

/**
 * Cookies with the `cookie` package, on demand: no hook runs on a request that reads or sets none (a probe, a file,
 * a public read), and each Set-Cookie line goes on the reply when it is set (Fastify keeps every `set-cookie` it is
 * given, in order).
 */
export function registerCookies(app: FastifyInstance): void {
  app.decorateRequest(parsed, undefined);
  app.decorateRequest('cookies', {
    getter(this: { headers: { cookie?: string }; [parsed]?: Record<string, string | undefined> }) {
      if (this[parsed] === undefined) {
        const header = this.headers.cookie;
        this[parsed] = header ? parseCookie(header) : NONE;
      }
      return this[parsed];
    },
  });
  app.decorateReply(
    'setCookie',
    function setCookie(name: string, value: string, options: CookieOptions = {}) {
      return this.header('set-cookie', stringifySetCookie({ sameSite: 'lax', ...options, name, value }));
    },
  );
  app.decorateReply('clearCookie', function clearCookie(name: string, options: CookieOptions = {}) {
    return this.setCookie(name, '', { path: '/', ...options, expires: new Date(0), maxAge: 0 });
  });
}
