import {
  clickCardBodySchema,
  clickCardReplySchema,
  clickCardVerifyBodySchema,
  subscriptionReplySchema,
} from '@salomtv/contract';
import type { AppInstance } from '../../app-types.js';
import { requireAccountHolder } from '../../plugins/access.js';
import type { ClickCardService } from './click-card-service.js';

const tags = ['billing'];

/** A card Click keeps for the renewals of a plan paid through Click (the account holder's own). */
export function clickCardRoutes(app: AppInstance, cards: ClickCardService): void {
  app.post('/api/billing/click/card', {
    config: { access: 'viewer' },
    schema: { tags, body: clickCardBodySchema, response: { 200: clickCardReplySchema } },
    handler: (request) => cards.request(requireAccountHolder(request).user_id, request.body),
  });

  app.post('/api/billing/click/card/verify', {
    config: { access: 'viewer' },
    schema: { tags, body: clickCardVerifyBodySchema, response: { 200: subscriptionReplySchema } },
    handler: (request) => cards.verify(requireAccountHolder(request).user_id, request.body.sms_code),
  });
}
