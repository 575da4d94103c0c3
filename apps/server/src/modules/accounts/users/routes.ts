import {
  adminUserCreateBodySchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserListReplySchema,
  adminUserRoleBodySchema,
  adminUserStatusBodySchema,
  adminUserVerifiedBodySchema,
} from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import { sendListPage } from '../../../lib/paging.js';
import type { UserAdminService } from './admin-service.js';

const params = z.strictObject({ user_id: z.coerce.number().int().positive('Unknown user') });
const tags = ['user administration'];
const admin = { access: 'admin' } as const;

/** The admin area's user calls (the spec's `GET web/user` and what its user screens need). */
export function userAdminRoutes(app: AppInstance, users: UserAdminService): void {
  app.get('/api/web/user', {
    config: admin,
    schema: { tags, querystring: adminUserListQuerySchema, response: { 200: adminUserListReplySchema } },
    handler: async (request, reply) => sendListPage(request, reply, await users.list(request.query)),
  });

  app.post('/api/web/user', {
    config: admin,
    schema: { tags, body: adminUserCreateBodySchema, response: { 201: adminUserDetailSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await users.create(request.body, request.viewer)),
  });

  app.get('/api/web/user/:user_id', {
    config: admin,
    schema: { tags, params, response: { 200: adminUserDetailSchema } },
    handler: (request) => users.detail(request.params.user_id),
  });

  app.post('/api/web/user/:user_id/status', {
    config: admin,
    schema: { tags, params, body: adminUserStatusBodySchema, response: { 200: adminUserDetailSchema } },
    handler: (request) => users.setStatus(request.params.user_id, request.body.status, request.viewer),
  });

  app.post('/api/web/user/:user_id/verified', {
    config: admin,
    schema: { tags, params, body: adminUserVerifiedBodySchema, response: { 200: adminUserDetailSchema } },
    handler: (request) => users.setVerified(request.params.user_id, request.body.verified, request.viewer),
  });

  app.post('/api/web/user/:user_id/role', {
    config: admin,
    schema: { tags, params, body: adminUserRoleBodySchema, response: { 200: adminUserDetailSchema } },
    handler: (request) => users.setRole(request.params.user_id, request.body.role, request.viewer),
  });
}
