import {
  adminProfilesReplySchema,
  MAX_PROFILE_AVATAR_BYTES,
  matureUnlockBodySchema,
  maturityLimitBodySchema,
  messageReplySchema,
  profileCreateBodySchema,
  profileIdBodySchema,
  profilePinBodySchema,
  profileSchema,
  profileSelectBodySchema,
  profilesReplySchema,
  profileUpdateBodySchema,
} from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import { formRoutes, readSmallForm } from '../../../lib/multipart-form.js';
import { requireSession, requireViewer } from '../../../plugins/access.js';
import type { ProfileService } from './service.js';

const tags = ['profiles'];
const viewer = { access: 'viewer' } as const;
/** A session whose profile was deleted may still list the profiles and choose one. */
const chooser = { access: 'viewer', profileless: true } as const;
const userParams = z.strictObject({ user_id: z.coerce.number().int().positive('Unknown user') });
const profileIdField = z.coerce.number().int().positive('Unknown profile');

/** Who is watching: the account's profiles, switching between them, their locks and the account's maturity limit. */
export function profileRoutes(app: AppInstance, profiles: ProfileService): void {
  app.get('/api/profiles', {
    config: chooser,
    schema: { tags, response: { 200: profilesReplySchema } },
    handler: async (request) => {
      const who = requireSession(request);
      if (who.profile_id !== null) await profiles.noteActive(who);
      return profiles.list(who);
    },
  });

  app.post('/api/profiles', {
    config: viewer,
    schema: { tags, body: profileCreateBodySchema, response: { 201: profileSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await profiles.create(requireViewer(request), request.body)),
  });

  app.post('/api/profiles/update', {
    config: viewer,
    schema: { tags, body: profileUpdateBodySchema, response: { 200: profileSchema } },
    handler: (request) => profiles.update(requireViewer(request), request.body),
  });

  app.post('/api/profiles/delete', {
    config: viewer,
    schema: { tags, body: profileIdBodySchema, response: { 200: messageReplySchema } },
    handler: async (request) => {
      await profiles.delete(requireViewer(request), request.body.profile_id);
      return { message: 'deleted' };
    },
  });

  app.post('/api/profiles/select', {
    config: chooser,
    schema: { tags, body: profileSelectBodySchema, response: { 200: profileSchema } },
    handler: (request) => profiles.select(requireSession(request), request.body.profile_id, request.body.pin),
  });

  app.post('/api/profiles/pin', {
    config: viewer,
    schema: { tags, body: profilePinBodySchema, response: { 200: profileSchema } },
    handler: (request) =>
      profiles.setPin(
        requireViewer(request),
        request.body.profile_id,
        request.body.pin,
        request.body.password,
      ),
  });

  app.post('/api/profiles/maturity-limit', {
    config: viewer,
    schema: { tags, body: maturityLimitBodySchema, response: { 200: profilesReplySchema } },
    handler: async (request) => {
      const who = requireViewer(request);
      await profiles.setMaturityLimit(who, request.body.maturity_limit, request.body.password);
      return { ...(await profiles.list(who)), maturity_limit: request.body.maturity_limit };
    },
  });

  app.post('/api/profiles/unlock', {
    config: viewer,
    schema: { tags, body: matureUnlockBodySchema, response: { 200: messageReplySchema } },
    handler: async (request) => {
      await profiles.unlockMature(requireViewer(request), request.body.password);
      return { message: 'updated' };
    },
  });

  formRoutes(app, (forms) => {
    forms.post('/api/profiles/avatar', {
      config: viewer,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: profileSchema } },
      handler: async (request) => {
        const form = await readSmallForm(request, {
          fields: z.strictObject({ profile_id: profileIdField }),
          files: { avatar: MAX_PROFILE_AVATAR_BYTES },
        });
        return profiles.setAvatar(requireViewer(request), form.fields.profile_id, form.files.avatar);
      },
    });
  });

  app.get('/api/web/user/:user_id/profiles', {
    config: { access: 'admin' },
    schema: {
      tags: ['user administration'],
      params: userParams,
      response: { 200: adminProfilesReplySchema },
    },
    handler: (request) => profiles.adminList(request.params.user_id),
  });

  app.post('/api/web/user/:user_id/profiles/remove-pin', {
    config: { access: 'admin' },
    schema: {
      tags: ['user administration'],
      params: userParams,
      body: profileIdBodySchema,
      response: { 200: adminProfilesReplySchema },
    },
    handler: (request) =>
      profiles.adminRemovePin(request.viewer, request.params.user_id, request.body.profile_id),
  });
}
