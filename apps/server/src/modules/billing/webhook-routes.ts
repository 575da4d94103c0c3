import type { AppInstance } from '../../app-types.js';
import type { StripeWebhookService } from './stripe-webhook-service.js';

const WEBHOOK_BODY_LIMIT = 512 * 1024;

/**
 * Stripe's webhook. The signature covers the exact bytes Stripe sent, so this route (and only this route,
 * inside its own encapsulated plugin) keeps JSON bodies as raw buffers; every other route parses JSON as usual.
 * Signed, so exempt from CSRF; public, as Stripe has no session.
 */
export async function stripeWebhookRoutes(app: AppInstance, webhooks: StripeWebhookService): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post('/api/billing/stripe/webhook', {
      config: { access: 'public', csrf: false },
      // It reads its own body (plugins/bodyless-calls.ts).
      schema: { tags: ['billing'], consumes: ['application/json'] },
      handler: (request) => {
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        return webhooks.handle(body, Array.isArray(signature) ? signature[0] : signature);
      },
    });
  });
}
