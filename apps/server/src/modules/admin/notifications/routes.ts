import {
  adminNotificationListReplySchema,
  adminNotificationQuerySchema,
  adminNotificationSchema,
  notificationCreateSchema,
  unreadCountReplySchema,
  viewerNotificationListReplySchema,
  viewerNotificationQuerySchema,
} from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import { requireViewer } from '../../../plugins/access.js';
import type { NotificationService } from './service.js';

const params = z.object({ notification_id: z.coerce.number().int().positive() });
const tags = ['notifications'];

export function notificationRoutes(app: AppInstance, notifications: NotificationService): void {
  // Admin: compose (now or at send_at), list, withdraw one not yet sent.
  app.post('/api/admin/notifications', {
    config: { access: 'admin' },
    schema: { tags, body: notificationCreateSchema, response: { 201: adminNotificationSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await notifications.create(requireViewer(request), request.body)),
  });

  app.get('/api/admin/notifications', {
    config: { access: 'admin' },
    schema: {
      tags,
      querystring: adminNotificationQuerySchema,
      response: { 200: adminNotificationListReplySchema },
    },
    handler: (request) => notifications.listAdmin(request.query),
  });

  app.delete('/api/admin/notifications/:notification_id', {
    config: { access: 'admin' },
    schema: { tags, params },
    handler: async (request, reply) => {
      await notifications.delete(requireViewer(request), request.params.notification_id);
      return reply.status(204).send();
    },
  });

  // Viewer: the header's bell.
  app.get('/api/notifications', {
    config: { access: 'viewer' },
    schema: {
      tags,
      querystring: viewerNotificationQuerySchema,
      response: { 200: viewerNotificationListReplySchema },
    },
    handler: (request) =>
      notifications.listFor(requireViewer(request), request.query.page, request.query.pageSize),
  });

  app.get('/api/notifications/unread-count', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: unreadCountReplySchema } },
    handler: (request) => notifications.unreadCount(requireViewer(request)),
  });

  app.post('/api/notifications/read-all', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: unreadCountReplySchema } },
    handler: (request) => notifications.markAllRead(requireViewer(request)),
  });

  app.post('/api/notifications/:notification_id/read', {
    config: { access: 'viewer' },
    schema: { tags, params, response: { 200: unreadCountReplySchema } },
    handler: (request) => notifications.markRead(requireViewer(request), request.params.notification_id),
  });
}
