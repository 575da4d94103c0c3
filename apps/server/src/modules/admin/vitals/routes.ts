import { vitalReportSchema, vitalsQuerySchema, vitalsReplySchema } from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import { badRequest } from '../../../lib/errors.js';
import type { VitalsService } from './service.js';

export function vitalsRoutes(app: AppInstance, vitals: VitalsService): void {
  // Sent by the browser (navigator.sendBeacon sends text/plain): public, no CSRF token, small body.
  app.post('/api/vitals', {
    config: { access: 'public', csrf: false },
    bodyLimit: 2048,
    schema: { tags: ['vitals'], body: vitalReportSchema },
    preValidation: async (request) => {
      if (typeof request.body === 'string') {
        try {
          request.body = JSON.parse(request.body);
        } catch {
          throw badRequest('The report is not valid JSON');
        }
      }
    },
    handler: async (request, reply) => {
      await vitals.record(request.body, request.ip);
      return reply.status(204).send();
    },
  });

  app.get('/api/admin/vitals', {
    config: { access: 'admin' },
    schema: { tags: ['vitals'], querystring: vitalsQuerySchema, response: { 200: vitalsReplySchema } },
    handler: (request) => vitals.summary(request.query.days),
  });
}
