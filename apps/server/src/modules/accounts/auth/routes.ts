import { loginBodySchema, loginReplySchema, meReplySchema, roleListReplySchema } from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import {
  clearSessionCookie,
  requireSession,
  requireViewer,
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
      const session = await auth.signIn({
        login: request.body.phone_number,
        country: request.body.country,
        password: request.body.password,
        remember: request.body.remember_me ?? false,
        address: request.ip,
        previousToken: request.sessionToken,
      });
      setSessionCookie(request, reply, session);
      // The spec's client compares the body with the plain string 'user'.
      return reply.type('text/plain; charset=utf-8').send(session.role);
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
