import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { AuthService, NewSession } from '../modules/auth/service.js';
import type { SessionUser } from '../modules/auth/session-repo.js';
import { appendHook } from './route-hooks.js';

/** Who may call a route. Every `/api` route must say; one that does not stops the app from starting. */
export type Access = 'public' | 'viewer' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** false: exempt from CSRF (signed webhooks); true: also checked on GET (the spec's state-changing GETs). */
    csrf?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the security tests. */
    routeTable: { method: string; url: string; access: Access; csrf: boolean | undefined }[];
  }
  interface FastifyRequest {
    viewer: SessionUser | undefined;
    sessionToken: string | undefined;
  }
}

export const SESSION_COOKIE = 'sid';

export function registerAccessControl(app: FastifyInstance, auth: AuthService): void {
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
  const sessionGate =
    (access: Access): onRequestHookHandler =>
    (request, _reply, done) => {
      const token = request.cookies[SESSION_COOKIE];
      request.sessionToken = token;
      if (!token) return done(refusal(undefined, access));
      auth.resolve(token).then((viewer) => {
        request.viewer = viewer;
        done(refusal(viewer, access));
      }, done);
    };
  const gates: Record<Access, onRequestHookHandler> = {
    public: sessionGate('public'),
    viewer: sessionGate('viewer'),
    admin: sessionGate('admin'),
  };

  app.addHook('onRoute', (route) => {
    const { access, csrf } = (route.config ?? {}) as { access?: Access; csrf?: boolean };
    if (access) route.onRequest = appendHook(route.onRequest, gates[access]);
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (!access)
      throw new Error(
        `Route ${route.method} ${route.url} does not declare its access (public, viewer or admin)`,
      );
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, access, csrf });
    }
  });
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: NewSession): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    ...(session.persistentUntil ? { expires: session.persistentUntil } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export function requireViewer(request: FastifyRequest): SessionUser {
  if (!request.viewer) throw unauthorized();
  return request.viewer;
}
