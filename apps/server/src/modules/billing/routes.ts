import {
  catalogLanguageQuerySchema,
  changePlanBodySchema,
  checkoutBodySchema,
  checkoutReplySchema,
  checkoutSessionParamsSchema,
  checkoutStatusReplySchema,
  demoCardBodySchema,
  demoPayBodySchema,
  demoPayReplySchema,
  demoPaySavedBodySchema,
  demoSessionParamsSchema,
  demoSessionReplySchema,
  paymentListQuerySchema,
  paymentListReplySchema,
  planChangePreviewQuerySchema,
  planChangePreviewReplySchema,
  planListReplySchema,
  providersQuerySchema,
  providersReplySchema,
  subscriptionReplySchema,
  urlReplySchema,
} from '@salomtv/contract';
import type { AppInstance } from '../../app-types.js';
import { requireAccountHolder, requireViewer } from '../../plugins/access.js';
import type { DemoCheckoutService } from './demo-checkout-service.js';
import type { PlanChangeService } from './plan-change-service.js';
import type { PlanService } from './plan-service.js';
import type { PaymentProviders } from './providers/registry.js';
import type { PurchaseService } from './purchase-service.js';
import type { SubscriptionService } from './subscription-service.js';

const tags = ['billing'];

/** Plans and the viewer's own subscription (spec viewer screens 10 and 11). */
export function billingRoutes(
  app: AppInstance,
  services: {
    plans: PlanService;
    subscriptions: SubscriptionService;
    purchases: PurchaseService;
    planChanges: PlanChangeService;
    demoCheckout: DemoCheckoutService;
    providers: PaymentProviders;
  },
): void {
  const { plans, subscriptions, purchases, planChanges, demoCheckout: demo, providers } = services;
  app.get('/api/plans', {
    config: { access: 'public', cache: 'shared' },
    schema: { tags, querystring: catalogLanguageQuerySchema, response: { 200: planListReplySchema } },
    handler: (request) => plans.listOffered(request.query.lang),
  });

  app.get('/api/billing/subscription', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: subscriptionReplySchema } },
    handler: (request) => subscriptions.view(requireViewer(request).user_id),
  });

  app.get('/api/billing/payments', {
    config: { access: 'viewer' },
    schema: { tags, querystring: paymentListQuerySchema, response: { 200: paymentListReplySchema } },
    handler: (request) =>
      subscriptions.payments(requireViewer(request).user_id, request.query.page, request.query.pageSize),
  });

  app.post('/api/billing/checkout', {
    config: { access: 'viewer' },
    schema: { tags, body: checkoutBodySchema, response: { 200: checkoutReplySchema } },
    handler: (request) =>
      purchases.startCheckout(requireAccountHolder(request).user_id, {
        planId: request.body.plan_id,
        interval: request.body.interval,
        currency: request.body.currency,
        provider: request.body.provider,
      }),
  });

  app.get('/api/billing/checkout/:id', {
    config: { access: 'viewer' },
    schema: { tags, params: checkoutSessionParamsSchema, response: { 200: checkoutStatusReplySchema } },
    handler: (request) => purchases.checkoutStatus(requireViewer(request).user_id, request.params.id),
  });

  app.get('/api/billing/providers', {
    config: { access: 'public' },
    schema: { tags, querystring: providersQuerySchema, response: { 200: providersReplySchema } },
    handler: (request) => ({
      currency: request.query.currency,
      providers: providers.offered(request.query.currency),
    }),
  });

  app.post('/api/billing/change-plan', {
    config: { access: 'viewer' },
    schema: { tags, body: changePlanBodySchema, response: { 200: subscriptionReplySchema } },
    handler: (request) => planChanges.change(requireAccountHolder(request).user_id, request.body.plan_id),
  });

  app.get('/api/billing/change-plan/preview', {
    config: { access: 'viewer' },
    schema: {
      tags,
      querystring: planChangePreviewQuerySchema,
      response: { 200: planChangePreviewReplySchema },
    },
    handler: (request) => planChanges.preview(requireViewer(request).user_id, request.query.plan_id),
  });

  app.post('/api/billing/change-plan/undo', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: subscriptionReplySchema } },
    handler: (request) => planChanges.undo(requireAccountHolder(request).user_id),
  });

  app.post('/api/billing/cancel', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: subscriptionReplySchema } },
    handler: (request) => subscriptions.cancel(requireAccountHolder(request).user_id),
  });

  app.post('/api/billing/resume', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: subscriptionReplySchema } },
    handler: (request) => subscriptions.resume(requireAccountHolder(request).user_id),
  });

  app.post('/api/billing/portal', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: urlReplySchema } },
    handler: (request) => subscriptions.portal(requireAccountHolder(request).user_id),
  });

  app.get('/api/billing/demo/session/:id', {
    config: { access: 'viewer' },
    schema: { tags, params: demoSessionParamsSchema, response: { 200: demoSessionReplySchema } },
    handler: (request) => demo.session(requireViewer(request).user_id, request.params.id),
  });

  app.post('/api/billing/demo/pay', {
    config: { access: 'viewer' },
    schema: { tags, body: demoPayBodySchema, response: { 200: demoPayReplySchema } },
    handler: (request) => {
      const { session, ...card } = request.body;
      return demo.pay(requireAccountHolder(request).user_id, session, card);
    },
  });

  app.post('/api/billing/demo/pay-saved', {
    config: { access: 'viewer' },
    schema: { tags, body: demoPaySavedBodySchema, response: { 200: demoPayReplySchema } },
    handler: (request) => demo.pay(requireAccountHolder(request).user_id, request.body.session, 'saved'),
  });

  app.post('/api/billing/demo/card', {
    config: { access: 'viewer' },
    schema: { tags, body: demoCardBodySchema, response: { 200: subscriptionReplySchema } },
    handler: (request) => demo.saveCard(requireAccountHolder(request).user_id, request.body),
  });
}
