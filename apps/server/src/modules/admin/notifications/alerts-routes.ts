import { adminAlertsReplySchema, unreadCountReplySchema } from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import { requireViewer } from '../../../plugins/access.js';
import type { AlertService } from './alerts-service.js';

const tags = ['admin'];

export function alertRoutes(app: AppInstance, alerts: AlertService): void {
  app.get('/api/admin/alerts', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: adminAlertsReplySchema } },
    handler: (request) => alerts.list(requireViewer(request).user_id),
  });

  app.post('/api/admin/alerts/read', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: unreadCountReplySchema } },
    handler: (request) => alerts.markSeen(requireViewer(request).user_id),
  });
}
