import {
  factorAddedReplySchema,
  passkeyOptionsReplySchema,
  passkeyRegisterBodySchema,
  pendingSignInReplySchema,
  recoveryCodesReplySchema,
  secondStepBodySchema,
  secondStepReplySchema,
  securityPasswordBodySchema,
  securityPolicyBodySchema,
  securityStatusSchema,
  totpConfirmBodySchema,
  totpSetupReplySchema,
} from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import {
  clearPendingSignInCookie,
  requireAccountHolder,
  requireViewer,
  setSessionCookie,
} from '../../../plugins/access.js';
import { PENDING_SIGN_IN_COOKIE, PENDING_SIGN_IN_PATH } from '../../../plugins/session-cookie.js';
import type { SecondStepService } from './second-step.js';
import type { SecondFactorService } from './service.js';

const tags = ['second factor'];
const viewer = { access: 'viewer' } as const;
const passkeyParams = z.strictObject({ passkey_id: z.coerce.number().int().positive('Unknown passkey') });

/** An admin's second factors (`/userprofile/security`) and the site's policy. */
export function secondFactorRoutes(app: AppInstance, factors: SecondFactorService): void {
  app.get('/api/account/security', {
    config: viewer,
    schema: { tags, response: { 200: securityStatusSchema } },
    handler: (request) => factors.status(requireAccountHolder(request)),
  });

  app.post('/api/account/security/totp', {
    config: viewer,
    schema: { tags, response: { 200: totpSetupReplySchema } },
    handler: (request) => factors.startTotp(requireAccountHolder(request)),
  });

  app.post('/api/account/security/totp/confirm', {
    config: viewer,
    schema: { tags, body: totpConfirmBodySchema, response: { 200: factorAddedReplySchema } },
    handler: (request) => factors.confirmTotp(requireAccountHolder(request), request.body.code),
  });

  app.post('/api/account/security/totp/remove', {
    config: viewer,
    schema: { tags, body: securityPasswordBodySchema, response: { 200: securityStatusSchema } },
    handler: async (request) => {
      const holder = requireAccountHolder(request);
      await factors.removeTotp(holder, request.body.password);
      return factors.status(holder);
    },
  });

  app.post('/api/account/security/passkeys/options', {
    config: viewer,
    schema: { tags, response: { 200: passkeyOptionsReplySchema } },
    handler: (request) => factors.passkeyOptions(requireAccountHolder(request)),
  });

  app.post('/api/account/security/passkeys', {
    config: viewer,
    schema: { tags, body: passkeyRegisterBodySchema, response: { 200: factorAddedReplySchema } },
    handler: (request) =>
      factors.registerPasskey(requireAccountHolder(request), request.body.name, request.body.response),
  });

  app.post('/api/account/security/passkeys/:passkey_id/remove', {
    config: viewer,
    schema: {
      tags,
      params: passkeyParams,
      body: securityPasswordBodySchema,
      response: { 200: securityStatusSchema },
    },
    handler: async (request) => {
      const holder = requireAccountHolder(request);
      await factors.removePasskey(holder, request.params.passkey_id, request.body.password);
      return factors.status(holder);
    },
  });

  app.post('/api/account/security/recovery-codes', {
    config: viewer,
    schema: { tags, body: securityPasswordBodySchema, response: { 200: recoveryCodesReplySchema } },
    handler: async (request) => ({
      recovery_codes: await factors.replaceRecoveryCodes(
        requireAccountHolder(request),
        request.body.password,
      ),
    }),
  });

  app.post('/api/admin/security-policy', {
    config: { access: 'admin' },
    schema: { tags, body: securityPolicyBodySchema, response: { 200: securityStatusSchema } },
    handler: (request) => factors.setPolicy(requireViewer(request), request.body.required),
  });
}

/**
 * The second step of a sign-in, after a right password: the pending cookie (sent only to these paths) is all the
 * caller has; a right answer swaps it for a session.
 */
export function secondStepRoutes(app: AppInstance, secondStep: SecondStepService): void {
  const pendingToken = (request: { cookies: Record<string, string | undefined> }) =>
    request.cookies[PENDING_SIGN_IN_COOKIE];

  app.get(PENDING_SIGN_IN_PATH, {
    config: { access: 'public' },
    schema: { tags, response: { 200: pendingSignInReplySchema } },
    handler: (request) => secondStep.methods(pendingToken(request)),
  });

  app.post(`${PENDING_SIGN_IN_PATH}/passkey-options`, {
    config: { access: 'public' },
    schema: { tags, response: { 200: passkeyOptionsReplySchema } },
    handler: (request) => secondStep.passkeyOptions(pendingToken(request)),
  });

  app.post(PENDING_SIGN_IN_PATH, {
    config: { access: 'public' },
    schema: { tags, body: secondStepBodySchema, response: { 200: secondStepReplySchema } },
    handler: async (request, reply) => {
      const session = await secondStep.finish(pendingToken(request), request.body);
      clearPendingSignInCookie(reply);
      setSessionCookie(request, reply, session);
      return { role: session.role };
    },
  });
}
