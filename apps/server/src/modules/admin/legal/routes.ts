import {
  legalAdminParamsSchema,
  legalAdminReplySchema,
  legalPageParamsSchema,
  legalPageQuerySchema,
  legalTextBodySchema,
  legalTextSchema,
} from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import { requireViewer } from '../../../plugins/access.js';
import type { LegalService } from './service.js';

const tags = ['legal pages'];

export function legalRoutes(app: AppInstance, legal: LegalService): void {
  // Public: the /terms and /privacy pages, and every link to them.
  app.get('/api/legal/:page', {
    config: { access: 'public' },
    schema: {
      tags,
      params: legalPageParamsSchema,
      querystring: legalPageQuerySchema,
      response: { 200: legalTextSchema },
    },
    handler: (request) => legal.read(request.params.page, request.query.lang),
  });

  // Admin.
  app.get('/api/admin/legal/:page', {
    config: { access: 'admin' },
    schema: { tags, params: legalPageParamsSchema, response: { 200: legalAdminReplySchema } },
    handler: (request) => legal.listForAdmin(request.params.page),
  });

  app.post('/api/admin/legal/:page/:lang', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: legalAdminParamsSchema,
      body: legalTextBodySchema,
      response: { 200: legalTextSchema },
    },
    handler: (request) =>
      legal.write(requireViewer(request), request.params.page, request.params.lang, request.body),
  });
}
