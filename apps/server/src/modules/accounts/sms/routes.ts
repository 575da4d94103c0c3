import { smsOutboxQuerySchema, smsOutboxReplySchema } from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import { badRequest } from '../../../lib/errors.js';
import { phoneFromAnySpelling } from '../../../lib/phone.js';
import type { SmsOutboxRepo } from './outbox-repo.js';

/**
 * Development only (registered when SMS_DEV_OUTBOX=true, SMS_PROVIDER=console and NODE_ENV is not production): the latest messages
 * the console provider "sent" to a number, so browser tests and developers can read the codes.
 */
export function smsDevRoutes(app: AppInstance, outbox: SmsOutboxRepo): void {
  app.get('/api/dev/sms-outbox', {
    config: { access: 'public' },
    schema: {
      tags: ['development'],
      querystring: smsOutboxQuerySchema,
      response: { 200: smsOutboxReplySchema },
    },
    handler: async (request) => {
      const phone = phoneFromAnySpelling(request.query.phone);
      if (!phone) throw badRequest('Not a valid phone number', { phone: 'Enter a valid phone number' });
      const rows = await outbox.latestFor(phone);
      return {
        items: rows.map((row) => ({
          to: row.to_number,
          body: row.body,
          code: /\b(\d{6})\b/.exec(row.body)?.[1] ?? null,
          created_at: row.created_at,
        })),
      };
    },
  });
}
