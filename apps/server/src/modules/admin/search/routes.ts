import { adminSearchQuerySchema, adminSearchReplySchema } from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import type { AdminSearchService } from './service.js';

export function adminSearchRoutes(app: AppInstance, search: AdminSearchService): void {
  app.get('/api/admin/search', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      querystring: adminSearchQuerySchema,
      response: { 200: adminSearchReplySchema },
    },
    handler: (request) => search.search(request.query.q),
  });
}
