import { emailOutboxQuerySchema, emailOutboxReplySchema } from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import type { EmailOutboxRepo } from './outbox-repo.js';

/**
 * Development only (registered when EMAIL_DEV_OUTBOX=true, EMAIL_PROVIDER=console and NODE_ENV is not
 * production): the latest mails the console provider "sent" to an address, so browser tests can read the codes.
 */
export function emailDevRoutes(app: AppInstance, outbox: EmailOutboxRepo): void {
  app.get('/api/dev/email-outbox', {
    config: { access: 'public' },
    schema: {
      tags: ['development'],
      querystring: emailOutboxQuerySchema,
      response: { 200: emailOutboxReplySchema },
    },
    handler: async (request) => ({
      items: (await outbox.latestFor(request.query.to)).map((row) => ({
        to: row.to_address,
        subject: row.subject,
        body: row.body,
        code: /\b(\d{6})\b/.exec(row.body)?.[1] ?? null,
        created_at: row.created_at,
      })),
    }),
  });
}
