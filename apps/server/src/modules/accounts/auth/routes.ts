import {
  loginBodySchema,
  loginReplySchema,
  meReplySchema,
  roleListReplySchema,
  SECOND_STEP_NEEDED,
} from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import {
  clearSessionCookie,
  requireSession,
  requireViewer,
  setPendingSignInCookie,
  setSessionCookie,
} from '../../../plugins/access.js';
import type { UserService } from '../users/service.js';
import type { AuthService } from './service.js';

const tags = ['auth'];

export function authRoutes(app: AppInstance, auth: AuthService, users: UserService): void {
  app.post('/api/user/login', {
    config: { access: 'public' },
    schema: { tags, body: loginBodySchema, response: { 200: loginReplySchema } },
    handler: async (request, reply) => {
      const result = await auth.signIn({
        login: request.body.phone_number,
        country: request.body.country,
        password: request.body.password,
        remember: request.body.remember_me ?? false,
        address: request.ip,
        previousToken: request.sessionToken,
        userAgent: request.headers['user-agent'],
      });
      reply.type('text/plain; charset=utf-8');
      if (result.pending) {
        // No session until the second step: the one this browser had was ended with the sign-in.
        if (request.sessionToken) clearSessionCookie(reply);
        setPendingSignInCookie(request, reply, result.pending);
        return reply.send(SECOND_STEP_NEEDED);
      }
      setSessionCookie(request, reply, result.session);
      // The spec's client compares the body with the plain string 'user'.
      return reply.send(result.session.role);
    },
  });

  // The spec's client signs out with a GET; it still needs the CSRF header so another site cannot sign a viewer out.
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/user/logout',
      config: { access: 'public', csrf: true },
      schema: { tags, response: { 200: z.object({ message: z.string() }) } },
      handler: async (request, reply) => {
        await auth.signOut(request.sessionToken);
        clearSessionCookie(reply);
        return { message: 'signed out' };
      },
    });
  }

  app.get('/api/user/role', {
    // Signed in, even on no profile: the app then asks who is watching.
    config: { access: 'viewer', profileless: true },
    schema: { tags, response: { 200: roleListReplySchema } },
    handler: (request) => [{ role: requireSession(request).role }],
  });

  app.get('/api/user/me', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: meReplySchema } },
    handler: (request) => users.me(requireViewer(request).user_id),
  });
}
