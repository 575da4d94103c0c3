import { SIGNED_IN_COOKIE } from '@salomtv/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden, kidsProfileRefused, unauthorized } from '../lib/errors.js';
import type { NewSession, SessionResolver, SessionUser } from '../platform/viewer-session.js';
import { renewCsrfCookie } from './csrf.js';
import { appendHook } from './route-hooks.js';
import { PENDING_SIGN_IN_COOKIE, PENDING_SIGN_IN_PATH, SESSION_COOKIE } from './session-cookie.js';

/** Who may call a route. Every `/api` route must say; one that does not stops the app from starting. */
export type Access = 'public' | 'viewer' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** false: exempt from CSRF (signed webhooks); true: also checked on GET (the spec's state-changing GETs). */
    csrf?: boolean;
    /**
     * 'shared': the answer is the same for everyone, so a shared cache may keep it (the README lists these) and
     * the route sets its own Cache-Control, if any. Every other API answer is `private, no-store`.
     */
    cache?: 'shared';
  }
  interface FastifyInstance {
    /** Every /api route with its declared access and cache policy, for the security tests. */
    routeTable: {
      method: string;
      url: string;
      access: Access;
      csrf: boolean | undefined;
      cache: 'shared' | undefined;
    }[];
  }
  interface FastifyRequest {
    viewer: SessionUser | undefined;
    sessionToken: string | undefined;
  }
}

/** What a personal or admin answer may be kept as: nowhere (a shared cache, the browser's history, its disk). */
export const PRIVATE_NO_STORE = 'private, no-store';

/** The hooks that let a request through by its route's declared access. */
export type AccessGates = Record<Access, onRequestHookHandler>;

/** The admin calls' check beyond the role (a second factor the policy requires): an error refuses the call. */
export type AdminCheck = (viewer: SessionUser) => Promise<Error | undefined>;

export function registerAccessControl(
  app: FastifyInstance,
  auth: SessionResolver,
  adminCheck: AdminCheck,
): AccessGates {
  app.decorateRequest('viewer', undefined);
  app.decorateRequest('sessionToken', undefined);
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);

  const refusal = (viewer: SessionUser | undefined, access: Access): Error | undefined => {
    if (access === 'public') return undefined;
    if (!viewer) return unauthorized();
    if (access === 'admin' && viewer.role !== 'admin') return forbidden('This needs an administrator');
    return undefined;
  };
  // Put on each route by its access when the route is added, so no request reads its route's options. A callback
  // hook, not an async one: a call without a session cookie (most public calls) costs no promise and no database
  // look-up (bench/README.md, framework cost). Public routes still learn who is signed in (locks, streams).
  // The Cache-Control of a route that is not shared is set here too, first, so errors carry it; a route that
  // sets its own (a stream's private caching) replaces it. One constant string: nothing is made per request.
  const sessionGate =
    (access: Access, shared: boolean): onRequestHookHandler =>
    (request, reply, done) => {
      if (!shared) reply.header('cache-control', PRIVATE_NO_STORE);
      const token = request.cookies[SESSION_COOKIE];
      request.sessionToken = token;
      if (!token) return done(refusal(undefined, access));
      auth.resolve(token).then((viewer) => {
        request.viewer = viewer;
        const refused = refusal(viewer, access);
        if (refused || access !== 'admin' || !viewer) return done(refused);
        adminCheck(viewer).then((extra) => done(extra), done);
      }, done);
    };
  const gates: AccessGates = {
    public: sessionGate('public', false),
    viewer: sessionGate('viewer', false),
    admin: sessionGate('admin', false),
  };
  const sharedGates: AccessGates = {
    public: sessionGate('public', true),
    viewer: sessionGate('viewer', true),
    admin: sessionGate('admin', true),
  };

  app.addHook('onRoute', (route) => {
    const { access, csrf, cache } = (route.config ?? {}) as {
      access?: Access;
      csrf?: boolean;
      cache?: 'shared';
    };
    if (cache !== undefined && cache !== 'shared')
      throw new Error(`Route ${route.method} ${route.url}: cache must be 'shared' or left out`);
    if (access)
      route.onRequest = appendHook(route.onRequest, (cache === 'shared' ? sharedGates : gates)[access]);
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!access)
      throw new Error(
        `Route ${route.method} ${route.url} does not declare its access (public, viewer or admin)`,
      );
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, access, csrf, cache });
    }
  });
  return gates;
}

/**
 * Sets the session cookie, with a CSRF token bound to the new session (the page keeps working without a reload)
 * and the readable signed-in hint that lives as long as the session cookie.
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: NewSession): void {
  const lifetime = {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    ...(session.persistentUntil ? { expires: session.persistentUntil } : {}),
  } as const;
  reply.setCookie(SESSION_COOKIE, session.token, { ...lifetime, httpOnly: true });
  reply.setCookie(SIGNED_IN_COOKIE, '1', lifetime);
  renewCsrfCookie(request, reply, session.token);
}

/** Clears the session cookie and the signed-in hint, with a fresh CSRF token of no session. */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
  renewCsrfCookie(reply.request, reply, undefined);
}

/** Sets the cookie of a pending sign-in (its password was right; the second step is next). */
export function setPendingSignInCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  pending: { token: string; expiresAt: Date },
): void {
  reply.setCookie(PENDING_SIGN_IN_COOKIE, pending.token, {
    path: PENDING_SIGN_IN_PATH,
    sameSite: 'strict',
    httpOnly: true,
    secure: request.protocol === 'https',
    expires: pending.expiresAt,
  });
}

export function clearPendingSignInCookie(reply: FastifyReply): void {
  reply.clearCookie(PENDING_SIGN_IN_COOKIE, { path: PENDING_SIGN_IN_PATH });
}

export function requireViewer(request: FastifyRequest): SessionUser {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}

/** A signed-in viewer on a profile that may change the account (billing, sign-in details): not a kids profile. */
export function requireAccountHolder(request: FastifyRequest): SessionUser {
  const viewer = requireViewer(request);
  if (viewer.kids) throw kidsProfileRefused();
  return viewer;
}
