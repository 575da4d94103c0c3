import { z } from 'zod';
import type { AppInstance } from '../app-types.js';
import type { CachedPing } from '../plugins/cached-ping.js';

const HEALTHY = { status: 'ok' as const };
const UNAVAILABLE = { status: 'unavailable' as const };
/** HEALTHY as sent, written once. */
const HEALTHY_JSON = JSON.stringify(HEALTHY);

export function healthRoutes(app: AppInstance, ping: CachedPing): void {
  app.get('/api/health', {
    config: { access: 'public', cache: 'shared' },
    schema: {
      tags: ['health'],
      response: {
        200: z.object({ status: z.literal('ok') }),
        503: z.object({ status: z.literal('unavailable') }),
      },
    },
    // Not async: probes call it every few seconds, and almost every call finds the last ping fresh. Answered then
    // in the same turn, with the body written once, it skips a promise and the reply's serialiser.
    handler: (_request, reply) => {
      if (ping.isFresh()) {
        // A JSON string goes out as it is (Fastify serialises only objects); the route's types know objects only.
        reply.type('application/json; charset=utf-8').send(HEALTHY_JSON as unknown as typeof HEALTHY);
        return;
      }
      ping().then(
        () => reply.send(HEALTHY),
        () => reply.status(503).send(UNAVAILABLE),
      );
    },
  });
}
