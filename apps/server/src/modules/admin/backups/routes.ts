import fs from 'node:fs';
import { backupListReplySchema, backupParamsSchema, backupSchema } from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import { requireViewer } from '../../../plugins/access.js';
import type { BackupService } from './service.js';

const tags = ['admin'];

export function backupRoutes(app: AppInstance, backups: BackupService): void {
  app.get('/api/admin/backups', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: backupListReplySchema } },
    handler: () => backups.list(),
  });

  // Answers at once with the running backup; the list shows when it finished.
  app.post('/api/admin/backups', {
    config: { access: 'admin' },
    schema: { tags, response: { 202: backupSchema } },
    handler: async (request, reply) => reply.code(202).send(await backups.startNow(requireViewer(request))),
  });

  app.get('/api/admin/backups/:backup_id/download', {
    config: { access: 'admin' },
    schema: { tags, params: backupParamsSchema, produces: ['application/x-tar'] },
    handler: async (request, reply) => {
      const archive = await backups.download(requireViewer(request), request.params.backup_id);
      return reply
        .type('application/x-tar')
        .header('content-length', archive.size)
        .header('content-disposition', `attachment; filename="${archive.name}"`)
        .header('cache-control', 'private, no-store')
        .send(fs.createReadStream(archive.file));
    },
  });
}
