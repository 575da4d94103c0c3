import {
  feedbackAdminQuerySchema,
  feedbackAnswerSchema,
  feedbackCreateSchema,
  feedbackListReplySchema,
  feedbackMineQuerySchema,
  feedbackTicketSchema,
} from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import { requireViewer } from '../../../plugins/access.js';
import type { FeedbackService } from './service.js';

const params = z.object({ ticket_id: z.coerce.number().int().positive() });
const tags = ['feedback'];

export function feedbackRoutes(app: AppInstance, feedback: FeedbackService): void {
  // The viewer site's Help form: signed in, or with a contact email.
  app.post('/api/feedback', {
    config: { access: 'public' },
    bodyLimit: 32 * 1024,
    schema: { tags, body: feedbackCreateSchema, response: { 201: feedbackTicketSchema } },
    handler: async (request, reply) => {
      const ticket = await feedback.create(request.body, {
        userId: request.viewer?.user_id,
        address: request.ip,
      });
      return reply.status(201).send(ticket);
    },
  });

  app.get('/api/feedback/mine', {
    config: { access: 'viewer' },
    schema: { tags, querystring: feedbackMineQuerySchema, response: { 200: feedbackListReplySchema } },
    handler: (request) =>
      feedback.mine(requireViewer(request).user_id, request.query.page, request.query.pageSize),
  });

  // Admin: the dashboard's ticket list and the top bar's messages dropdown (?status=open&pageSize=5).
  app.get('/api/admin/feedback', {
    config: { access: 'admin' },
    schema: { tags, querystring: feedbackAdminQuerySchema, response: { 200: feedbackListReplySchema } },
    handler: (request) => feedback.list(request.query),
  });

  app.post('/api/admin/feedback/:ticket_id/answer', {
    config: { access: 'admin' },
    schema: { tags, params, body: feedbackAnswerSchema, response: { 200: feedbackTicketSchema } },
    handler: (request) =>
      feedback.answer(requireViewer(request), request.params.ticket_id, request.body.answer),
  });

  app.post('/api/admin/feedback/:ticket_id/close', {
    config: { access: 'admin' },
    schema: { tags, params, response: { 200: feedbackTicketSchema } },
    handler: (request) => feedback.close(requireViewer(request), request.params.ticket_id),
  });
}
