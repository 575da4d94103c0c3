import {
  adminPaymentListQuerySchema,
  adminPaymentListReplySchema,
  adminSubscriptionListQuerySchema,
  adminSubscriptionListReplySchema,
  paymentIdParamsSchema,
  paymentListQuerySchema,
  paymentListReplySchema,
  paymentSchema,
  planCreateBodySchema,
  planIdParamsSchema,
  planListReplySchema,
  planSchema,
  planUpdateBodySchema,
  reconciliationQuerySchema,
  reconciliationReplySchema,
  userIdParamsSchema,
} from '@salomtv/contract';
import type { AppInstance } from '../../app-types.js';
import type { BillingAdminService } from './billing-admin-service.js';
import type { PaymentRefunds } from './payment-refunds.js';
import type { PlanService } from './plan-service.js';
import type { ReconciliationService } from './reconciliation-service.js';

const tags = ['billing admin'];

/** The plan editor, the subscribers and payments lists, refunds and the providers' reconciliation (admin only). */
export function billingAdminRoutes(
  app: AppInstance,
  services: {
    plans: PlanService;
    billingAdmin: BillingAdminService;
    reconciliation: ReconciliationService;
    paymentRefunds: PaymentRefunds;
  },
): void {
  const { plans, billingAdmin: admin } = services;
  app.get('/api/admin/plans', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: planListReplySchema } },
    handler: () => plans.listAll(),
  });

  app.post('/api/admin/plans', {
    config: { access: 'admin' },
    schema: { tags, body: planCreateBodySchema, response: { 201: planSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await plans.create(request.body, request.viewer)),
  });

  app.post('/api/admin/plans/:plan_id', {
    config: { access: 'admin' },
    schema: { tags, params: planIdParamsSchema, body: planUpdateBodySchema, response: { 200: planSchema } },
    handler: (request) => plans.update(request.params.plan_id, request.body, request.viewer),
  });

  app.get('/api/admin/payments', {
    config: { access: 'admin' },
    schema: {
      tags,
      querystring: adminPaymentListQuerySchema,
      response: { 200: adminPaymentListReplySchema },
    },
    handler: (request) => admin.listPayments(request.query),
  });

  app.get('/api/admin/payments/reconciliation', {
    config: { access: 'admin' },
    schema: { tags, querystring: reconciliationQuerySchema, response: { 200: reconciliationReplySchema } },
    handler: (request) => services.reconciliation.report(request.query),
  });

  app.post('/api/admin/payments/:payment_id/refund', {
    config: { access: 'admin' },
    schema: { tags, params: paymentIdParamsSchema, response: { 200: paymentSchema } },
    handler: (request) => services.paymentRefunds.refundByAdmin(request.viewer, request.params.payment_id),
  });

  app.get('/api/admin/subscriptions', {
    config: { access: 'admin' },
    schema: {
      tags,
      querystring: adminSubscriptionListQuerySchema,
      response: { 200: adminSubscriptionListReplySchema },
    },
    handler: (request) => admin.listSubscriptions(request.query),
  });

  app.get('/api/admin/subscriptions/:user_id/payments', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: userIdParamsSchema,
      querystring: paymentListQuerySchema,
      response: { 200: paymentListReplySchema },
    },
    handler: (request) => admin.userPayments(request.params.user_id, request.query),
  });
}
