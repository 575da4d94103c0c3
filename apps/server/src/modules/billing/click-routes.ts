import { clickCompleteReplySchema, clickPrepareReplySchema } from '@salomtv/contract';
import type { AppInstance } from '../../app-types.js';
import type { ClickShopService } from './click-shop-service.js';

const FORM = 'application/x-www-form-urlencoded';
const FORM_BODY_LIMIT = 64 * 1024;
const tags = ['billing'];

/**
 * Click's SHOP API calls. Click posts forms, which no other route takes: the parser lives in this encapsulated
 * plugin only and keeps the body as the text it came as (stored for disputes, parsed by the service). Signed by
 * Click and made without a session: public, exempt from CSRF, answered with HTTP 200 and Click's error codes.
 */
export async function clickShopRoutes(app: AppInstance, click: ClickShopService): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      FORM,
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post('/api/payments/click/prepare', {
      config: { access: 'public', csrf: false },
      schema: { tags, consumes: [FORM], response: { 200: clickPrepareReplySchema } },
      handler: (request) => click.prepare(request.body),
    });
    scope.post('/api/payments/click/complete', {
      config: { access: 'public', csrf: false },
      schema: { tags, consumes: [FORM], response: { 200: clickCompleteReplySchema } },
      handler: (request) => click.complete(request.body),
    });
  });
}
