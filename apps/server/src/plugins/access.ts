import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { AuthService, NewSession } from '../modules/auth/service.js';
import type { SessionUser } from '../modules/auth/session-repo.js';

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
    routeTable: { method: string; url: string; access: Access }[];
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

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access)
      throw new Error(
        `Route ${route.method} ${route.url} does not declare its access (public, viewer or admin)`,
      );
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeTable.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    const token = request.cookies[SESSION_COOKIE];
    request.sessionToken = token;
    request.viewer = await auth.resolve(token);
    if (access === 'public') return;
    if (!request.viewer) throw unauthorized();
    if (access === 'admin' && request.viewer.role !== 'admin') throw forbidden('This needs an administrator');
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
