import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { type Clock, DAY_MS } from '../../lib/clock.js';
import type { AuditService } from '../../platform/audit/service.js';
import type { EventBus } from '../../platform/events.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { repeatWhileOpen } from '../../platform/timers.js';
import type { LiveSessionReader } from '../../platform/viewer-session.js';
import { billingAdminRoutes } from './admin-routes.js';
import { BillingAdminService } from './billing-admin-service.js';
import { SubscriptionChangeRepo } from './change-repo.js';
import { CheckoutRepo } from './checkout-repo.js';
import { clickShopRoutes } from './click-routes.js';
import { ClickShopService } from './click-shop-service.js';
import { ClickTransactionRepo } from './click-transaction-repo.js';
import { DemoCheckoutService } from './demo-checkout-service.js';
import { EntitlementService } from './entitlements.js';
import { BillingEventRepo } from './event-repo.js';
import { PaymentRepo } from './payment-repo.js';
import { PlanChangeService } from './plan-change-service.js';
import { PlanRepo } from './plan-repo.js';
import { PlanService } from './plan-service.js';
import { createPaymentProviders } from './providers/registry.js';
import { PurchaseService } from './purchase-service.js';
import { RenewalService } from './renewal-service.js';
import { billingRoutes } from './routes.js';
import { StripeWebhookService } from './stripe-webhook-service.js';
import { SubscriptionRepo } from './subscription-repo.js';
import { SubscriptionService } from './subscription-service.js';
import { stripeWebhookRoutes } from './webhook-routes.js';

export interface BillingDeps {
  config: Config;
  clock: Clock;
  db: Kysely<Database>;
  /** The audit log (plan changes are recorded in it). */
  audit: AuditService;
  /** Billing opens a new account's free-trial row on `accountCreated`. */
  events: EventBus;
  metrics: Metrics;
}

/** Billing: plans, subscriptions, payments and their providers, and what each viewer's plan entitles them to. */
export function createBillingModule(deps: BillingDeps) {
  const { config, clock, db } = deps;
  const repos = {
    plans: new PlanRepo(db),
    subscriptions: new SubscriptionRepo(db),
    payments: new PaymentRepo(db),
    checkouts: new CheckoutRepo(db),
    billingEvents: new BillingEventRepo(db),
    subscriptionChanges: new SubscriptionChangeRepo(db),
    clickTransactions: new ClickTransactionRepo(db),
  };
  // Billing reads an account's role and trial itself (the users table's), so it needs no accounts module.
  const accounts = repos.subscriptions;
  const providers = createPaymentProviders(config, clock);
  const { demo, stripe } = providers;
  const subscriptions = new SubscriptionService({
    subscriptions: repos.subscriptions,
    plans: repos.plans,
    payments: repos.payments,
    changes: repos.subscriptionChanges,
    accounts,
    providers,
    clock,
    paymentsCounted: deps.metrics.counter(
      'payments_total',
      'Payments recorded, by provider and outcome (succeeded, failed, refunded)',
      ['provider', 'outcome'],
    ),
  });
  const purchases = new PurchaseService({
    subscriptions: repos.subscriptions,
    checkouts: repos.checkouts,
    plans: repos.plans,
    providers,
    service: subscriptions,
    clock,
  });
  const renewal = new RenewalService(repos.subscriptions, repos.plans, subscriptions, providers, clock);
  const planChanges = new PlanChangeService({
    subscriptions: repos.subscriptions,
    plans: repos.plans,
    payments: repos.payments,
    providers,
    service: subscriptions,
    clock,
  });
  const services = {
    plans: new PlanService(repos.plans, deps.audit, clock),
    subscriptions,
    purchases,
    planChanges,
    renewal,
    entitlements: new EntitlementService(subscriptions),
    demoCheckout: new DemoCheckoutService(
      repos.checkouts,
      repos.plans,
      repos.subscriptions,
      subscriptions,
      purchases,
      renewal,
      demo,
      clock,
    ),
    stripeWebhooks: new StripeWebhookService(
      stripe,
      repos.billingEvents,
      repos.subscriptions,
      repos.plans,
      repos.checkouts,
      subscriptions,
      purchases,
      planChanges,
      clock,
    ),
    clickShop: new ClickShopService({
      // config.ts has Click's settings only when PAYMENT_PROVIDERS names click.
      settings: config.click,
      transactions: repos.clickTransactions,
      checkouts: repos.checkouts,
      plans: repos.plans,
      service: subscriptions,
      purchases,
      clock,
    }),
    billingAdmin: new BillingAdminService({
      subscriptions: repos.subscriptions,
      payments: repos.payments,
      plans: repos.plans,
      accounts,
      clock,
    }),
  };
  deps.events.on('accountCreated', async ({ userId }) => {
    await subscriptions.state(userId);
  });
  const registerRoutes = async (app: AppInstance) => {
    billingRoutes(app, { ...services, providers });
    billingAdminRoutes(app, services.plans, services.billingAdmin);
    await stripeWebhookRoutes(app, services.stripeWebhooks);
    await clickShopRoutes(app, services.clickShop);
  };
  // Accounts read each live session through it: the session with its account's subscription and plan, one query.
  const sessionsWithBilling: LiveSessionReader = repos.subscriptions;
  return { repos, services, providers, stripe, sessionsWithBilling, registerRoutes };
}

export type BillingModule = ReturnType<typeof createBillingModule>;

const TICK_MS = 60_000;

/** Runs renewals and forgets day-old checkout sessions every minute while the app is open. */
export function startBillingTimer(app: AppInstance, billing: BillingModule, clock: Clock): void {
  if (billing.providers.demo && app.container.config.nodeEnv === 'production') {
    app.log.warn(
      'PAYMENT_DEMO_IN_PRODUCTION: the built-in test checkout is on, so any viewer can subscribe with a test card',
    );
  }
  repeatWhileOpen(app, TICK_MS, 'billing timer', async () => {
    const report = await billing.services.renewal.renewDue();
    if (report.renewed + report.failed + report.expired + report.canceled > 0)
      app.log.info({ report }, 'billing renewals');
    await billing.repos.checkouts.deleteExpired(new Date(clock.now().getTime() - DAY_MS).toISOString());
  });
}

// Billing's face: what other domains may use of it.
export type { ViewerAccess } from './access.js';
export { trialEnd } from './billing-periods.js';
export { type AccessReader, entitlementFor } from './entitlements.js';
export type { PlanCreateInput } from './plan-service.js';
/** What the admin's user activity page reads of an account's subscription. */
export type SubscriptionView = Pick<SubscriptionService, 'view'>;
/** What the admin's CSV export reads of subscriptions. */
export type SubscriptionExport = Pick<BillingAdminService, 'exportRows'>;
export type { SubscriptionExportRow } from './billing-admin-service.js';
/** What the first start's seed does with plans. */
export type PlanSeeding = Pick<PlanService, 'seedDefaults'>;
