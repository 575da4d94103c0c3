import { auditListReplySchema, auditQuerySchema } from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import type { AuditService } from '../../../platform/audit/service.js';
import { requireViewer } from '../../../plugins/access.js';

const tags = ['admin'];

export function auditRoutes(app: AppInstance, audit: AuditService): void {
  app.get('/api/admin/audit', {
    config: { access: 'admin' },
    schema: { tags, querystring: auditQuerySchema, response: { 200: auditListReplySchema } },
    handler: (request) => {
      const { actor, ...rest } = request.query;
      return audit.list({ ...rest, actorUserId: actor === 'me' ? requireViewer(request).user_id : actor });
    },
  });
}
