import {
  OTP_PROOF_TTL_SECONDS,
  otpSendBodySchema,
  otpSendReplySchema,
  otpVerifyBodySchema,
  otpVerifyReplySchema,
} from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import type { OtpService } from './service.js';

/** The cookie that proves, for 15 minutes, that the browser verified a number for sign-up. */
export const SIGNUP_PROOF_COOKIE = 'signup_proof';
export const SIGNUP_PROOF_COOKIE_PATH = '/api/user';

const tags = ['one-time codes'];

export function otpRoutes(app: AppInstance, otp: OtpService): void {
  app.post('/api/otp/send', {
    config: { access: 'public' },
    schema: { tags, body: otpSendBodySchema, response: { 200: otpSendReplySchema } },
    handler: (request) =>
      otp.send({
        phoneNumber: request.body.phoneNumber,
        purpose: request.body.purpose ?? 'signup',
        address: request.ip,
        viewerId: request.viewer?.user_id,
      }),
  });

  app.post('/api/otp/verify', {
    config: { access: 'public' },
    schema: { tags, body: otpVerifyBodySchema, response: { 200: otpVerifyReplySchema } },
    handler: async (request, reply) => {
      const { phoneNumber, code, purpose } = request.body;
      const outcome = await otp.verify(phoneNumber, code, purpose ?? 'signup', request.ip);
      if (outcome.proof) {
        reply.setCookie(SIGNUP_PROOF_COOKIE, outcome.proof, {
          path: SIGNUP_PROOF_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: OTP_PROOF_TTL_SECONDS,
        });
      }
      return {
        data: outcome.verdict,
        errors: outcome.errors,
        ...(outcome.accountExists === undefined ? {} : { account_exists: outcome.accountExists }),
      };
    },
  });
}
