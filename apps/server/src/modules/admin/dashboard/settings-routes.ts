import { adminSettingsSchema, adminSettingsUpdateSchema } from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import { requireViewer } from '../../../plugins/access.js';
import type { AdminSettingsService } from './settings-service.js';

const tags = ['admin'];

export function adminSettingsRoutes(app: AppInstance, settings: AdminSettingsService): void {
  app.get('/api/admin/settings', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: adminSettingsSchema } },
    handler: (request) => settings.get(requireViewer(request).user_id),
  });

  app.post('/api/admin/settings', {
    config: { access: 'admin' },
    schema: { tags, body: adminSettingsUpdateSchema, response: { 200: adminSettingsSchema } },
    handler: (request) => settings.update(requireViewer(request).user_id, request.body),
  });

  app.post('/api/admin/settings/reset', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: adminSettingsSchema } },
    handler: (request) => settings.reset(requireViewer(request).user_id),
  });
}
