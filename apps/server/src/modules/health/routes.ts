import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';

export function healthRoutes(app: AppInstance, ping: () => Promise<void>): void {
  app.get('/api/health', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      response: {
        200: z.object({ status: z.literal('ok') }),
        503: z.object({ status: z.literal('unavailable') }),
      },
    },
    handler: async (_request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  });
}
