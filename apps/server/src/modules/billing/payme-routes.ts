import { paymeReplySchema } from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import type { PaymeMerchantService } from './payme-merchant-service.js';

const BODY_LIMIT = 64 * 1024;

const headersSchema = z.object({ authorization: z.string().optional() }).loose();

/**
 * Payme's Merchant API calls. The body is kept as the text it came as, whatever its type (stored for disputes;
 * one that is not JSON is Payme's -32700, not our 400): the parser lives in this encapsulated plugin only.
 * Authenticated by the cash desk's key, made without a session: public, exempt from CSRF, always HTTP 200.
 */
export async function paymeRoutes(app: AppInstance, payme: PaymeMerchantService): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/api/payments/payme', {
      config: { access: 'public', csrf: false },
      // It reads its own body (plugins/bodyless-calls.ts), whatever type it says it is.
      schema: {
        tags: ['billing'],
        consumes: ['application/json', 'text/plain'],
        headers: headersSchema,
        response: { 200: paymeReplySchema },
      },
      handler: async (request) => {
        payme.requireSettings();
        try {
          return await payme.handle(
            typeof request.body === 'string' ? request.body : '',
            request.headers.authorization,
          );
        } catch (error) {
          // Any other status is Payme's -32400 too, but this one says so in Payme's own words.
          request.log.error({ err: error }, 'Payme call failed');
          return payme.systemFault();
        }
      },
    });
  });
}
