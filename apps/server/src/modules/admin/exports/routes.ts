import { Readable } from 'node:stream';
import { ADMIN_EXPORTS } from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import { requireViewer } from '../../../plugins/access.js';
import type { ExportService } from './service.js';

export function exportRoutes(app: AppInstance, exports: ExportService, today: () => string): void {
  for (const name of ADMIN_EXPORTS) {
    app.get(`/api/admin/export/${name}.csv`, {
      config: { access: 'admin' },
      schema: { tags: ['admin'], produces: ['text/csv'] },
      handler: async (request, reply) => {
        const lines = await exports.open(requireViewer(request), name);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="salomtv-${name}-${today()}.csv"`)
          .send(Readable.from(lines));
      },
    });
  }
}
