import {
  emailConfirmBodySchema,
  MAX_AVATAR_BYTES,
  messageReplySchema,
  otpSendReplySchema,
  passwordResetBodySchema,
  userEditBodySchemaAt,
  userEditReplySchema,
  userProfileSchema,
} from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import type { Clock } from '../../../lib/clock.js';
import { formRoutes, NO_TEXT_FIELDS, readSmallForm } from '../../../lib/multipart-form.js';
import { requireAccountHolder, requireViewer } from '../../../plugins/access.js';
import type { AccountService } from './service.js';

const tags = ['account'];

/** The viewer's account settings (`/userprofile`) and the forgotten-password reset. */
export function accountRoutes(app: AppInstance, accounts: AccountService, clock: Clock): void {
  app.get('/api/user/profile', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: userProfileSchema } },
    handler: (request) => accounts.profile(requireViewer(request)),
  });

  app.post('/api/user/edit', {
    config: { access: 'viewer' },
    schema: { tags, body: userEditBodySchemaAt(() => clock.now()), response: { 200: userEditReplySchema } },
    handler: async (request) => ({
      message: 'updated' as const,
      profile: await accounts.edit(requireViewer(request), request.sessionToken, request.body, request.ip),
    }),
  });

  app.post('/api/user/email/resend', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: otpSendReplySchema } },
    handler: (request) => accounts.resendEmailCode(requireAccountHolder(request).user_id),
  });

  app.post('/api/user/email/confirm', {
    config: { access: 'viewer' },
    schema: { tags, body: emailConfirmBodySchema, response: { 200: userProfileSchema } },
    handler: (request) => accounts.confirmEmail(requireAccountHolder(request), request.body.code),
  });

  formRoutes(app, (forms) => {
    forms.post('/api/user/avatar', {
      config: { access: 'viewer' },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: userProfileSchema } },
      handler: async (request) => {
        const form = await readSmallForm(request, {
          fields: NO_TEXT_FIELDS,
          files: { avatar: MAX_AVATAR_BYTES },
        });
        return accounts.setAvatar(requireAccountHolder(request), form.files.avatar);
      },
    });
  });

  app.delete('/api/user/avatar', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: userProfileSchema } },
    handler: (request) => accounts.removeAvatar(requireAccountHolder(request)),
  });

  app.post('/api/user/password/reset', {
    config: { access: 'public' },
    schema: { tags, body: passwordResetBodySchema, response: { 200: messageReplySchema } },
    handler: async (request) => {
      await accounts.resetPassword(request.body, request.ip);
      return { message: 'updated' };
    },
  });
}
