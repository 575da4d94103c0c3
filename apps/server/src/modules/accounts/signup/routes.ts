import { signupBodySchemaAt, signupReplySchema } from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import type { Clock } from '../../../lib/clock.js';
import { setSessionCookie } from '../../../plugins/access.js';
import { SIGNUP_PROOF_COOKIE, SIGNUP_PROOF_COOKIE_PATH } from '../codes/routes.js';
import type { SignupService } from './service.js';

export function signupRoutes(app: AppInstance, signup: SignupService, clock: Clock): void {
  app.post('/api/user/add', {
    config: { access: 'public' },
    schema: {
      tags: ['sign-up'],
      // The age rule reads the server's clock at each request.
      body: signupBodySchemaAt(() => clock.now()),
      response: { 201: signupReplySchema },
    },
    handler: async (request, reply) => {
      const session = await signup.signUp(
        request.body,
        request.cookies[SIGNUP_PROOF_COOKIE],
        request.sessionToken,
        request.headers['user-agent'],
      );
      setSessionCookie(request, reply, session);
      reply.clearCookie(SIGNUP_PROOF_COOKIE, { path: SIGNUP_PROOF_COOKIE_PATH });
      return reply.status(201).send({ message: 'updated' as const, role: 'user' as const });
    },
  });
}
