import { accountSessionsReplySchema, endSessionsBodySchema, messageReplySchema } from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import { clearSessionCookie, requireAccountHolder } from '../../../plugins/access.js';
import type { AccountSessionsService } from './service.js';

const tags = ['account'];
const params = z.strictObject({ id: z.string().min(1).max(64) });

/** The account's signed-in sessions, for viewers and admins alike (`/userprofile`). */
export function accountSessionRoutes(app: AppInstance, sessions: AccountSessionsService): void {
  app.get('/api/account/sessions', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: accountSessionsReplySchema } },
    handler: async (request) => ({ sessions: await sessions.list(requireAccountHolder(request)) }),
  });

  app.post('/api/account/sessions/:id/end', {
    config: { access: 'viewer' },
    schema: { tags, params, response: { 200: z.object({ ended_this: z.boolean() }) } },
    handler: async (request, reply) => {
      const ended = await sessions.end(requireAccountHolder(request), request.params.id);
      if (ended.ended_this) clearSessionCookie(reply);
      return ended;
    },
  });

  app.post('/api/account/sessions/end-all', {
    config: { access: 'viewer' },
    schema: { tags, body: endSessionsBodySchema, response: { 200: messageReplySchema } },
    handler: async (request, reply) => {
      await sessions.endAll(requireAccountHolder(request), request.body.include_this);
      if (request.body.include_this) clearSessionCookie(reply);
      return { message: 'signed out' };
    },
  });
}
