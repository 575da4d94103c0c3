import { SIGNED_IN_COOKIE } from '@salomtv/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden, kidsProfileRefused, profileRequired, unauthorized } from '../lib/errors.js';
import { nextStamp } from '../lib/shared-read.js';
import {
  type LiveSession,
  type NewSession,
  onProfile,
  type SessionResolver,
  type SessionUser,
} from '../platform/viewer-session.js';
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
    /**
     * true: a session on no profile (its profile was deleted) may call it too (the profile list and choice, the
     * role); everywhere else such a session is refused with 403 profile_required, and public routes see none.
     */
    profileless?: true;
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
    /** The signed-in viewer on a profile (what every route but the `profileless` ones reads). */
    viewer: SessionUser | undefined;
    /** The live session, on a profile or choosing one (`profileless` routes read it with `requireSession`). */
    liveSession: LiveSession | undefined;
    sessionToken: string | undefined;
    /** Where the request arrived in the process's order of reads (`nextStamp`): a read sent since then may serve it. */
    arrival: number;
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
  app.decorateRequest('liveSession', undefined);
  app.decorateRequest('sessionToken', undefined);
  app.decorateRequest('arrival', 0);
  const routeTable: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', routeTable);

  const refusal = (
    session: LiveSession | undefined,
    access: Access,
    profileless: boolean,
  ): Error | undefined => {
    if (access === 'public') return undefined;
    if (!session) return unauthorized();
    if (session.profile_id === null && !profileless) return profileRequired();
    if (access === 'admin' && session.role !== 'admin') return forbidden('This needs an administrator');
    return undefined;
  };
  // Put on each route by its access when the route is added, so no request reads its route's options. A callback
  // hook, not an async one: a call without a session cookie (most public calls) costs no promise and no database
  // look-up (bench/README.md, framework cost). Public routes still learn who is signed in (locks, streams).
  // The Cache-Control of a route that is not shared is set here too, first, so errors carry it; a route that
  // sets its own (a stream's private caching) replaces it. One constant string: nothing is made per request.
  const sessionGate =
    (access: Access, shared: boolean, profileless: boolean): onRequestHookHandler =>
    (request, reply, done) => {
      if (!shared) reply.header('cache-control', PRIVATE_NO_STORE);
      request.arrival = nextStamp();
      const token = request.cookies[SESSION_COOKIE];
      request.sessionToken = token;
      if (!token) return done(refusal(undefined, access, profileless));
      auth.resolve(token).then((session) => {
        request.liveSession = session;
        const viewer = onProfile(session);
        request.viewer = viewer;
        const refused = refusal(session, access, profileless);
        if (refused || access !== 'admin' || !viewer) return done(refused);
        adminCheck(viewer).then((extra) => done(extra), done);
      }, done);
    };
  const gatesOf = (shared: boolean, profileless: boolean): AccessGates => ({
    public: sessionGate('public', shared, profileless),
    viewer: sessionGate('viewer', shared, profileless),
    admin: sessionGate('admin', shared, profileless),
  });
  // Every kind of route gets gates made once, here: shared or not, open to a session choosing its profile or not.
  const gateSets = new Map<string, AccessGates>();
  for (const shared of [false, true])
    for (const profileless of [false, true])
      gateSets.set(`${shared}/${profileless}`, gatesOf(shared, profileless));
  const gates = gateSets.get('false/false')!;

  app.addHook('onRoute', (route) => {
    const { access, csrf, cache, profileless } = (route.config ?? {}) as {
      access?: Access;
      csrf?: boolean;
      cache?: 'shared';
      profileless?: true;
    };
    if (cache !== undefined && cache !== 'shared')
      throw new Error(`Route ${route.method} ${route.url}: cache must be 'shared' or left out`);
    if (access) {
      const set = gateSets.get(`${cache === 'shared'}/${profileless === true}`)!;
      route.onRequest = appendHook(route.onRequest, set[access]);
    }
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

/** The live session of a `profileless` route: on a profile or choosing one. */
export function requireSession(request: FastifyRequest): LiveSession {
  if (!request.liveSession) throw unauthorized();
  return request.liveSession;
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
