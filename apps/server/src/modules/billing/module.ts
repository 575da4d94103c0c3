import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app-types.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { writeTransaction } from '../../db/write-transaction.js';
import { type Clock, DAY_MS } from '../../lib/clock.js';
import type { AuditService } from '../../platform/audit/service.js';
import type { EventBus } from '../../platform/events.js';
import type { RateLimitService } from '../../platform/limits/service.js';
import type { Metrics } from '../../platform/metrics/metrics.js';
import { repeatWhileOpen } from '../../platform/timers.js';
import type { LiveSessionReader } from '../../platform/viewer-session.js';
import { billingAdminRoutes } from './admin-routes.js';
import { BillingAdminService } from './billing-admin-service.js';
import { SubscriptionChangeRepo } from './change-repo.js';
import { CheckoutRepo } from './checkout-repo.js';
import { ClickCardRequestRepo } from './click-card-repo.js';
import { clickCardRoutes } from './click-card-routes.js';
import { ClickCardService } from './click-card-service.js';
import { clickShopRoutes } from './click-routes.js';
import { ClickShopService } from './click-shop-service.js';
import { ClickTransactionRepo } from './click-transaction-repo.js';
import { DemoCheckoutService } from './demo-checkout-service.js';
import { EntitlementService } from './entitlements.js';
import { BillingEventRepo } from './event-repo.js';
import { PaidCheckouts, type Refund } from './paid-checkout.js';
import { PaymeMerchantService, type PaymeScope } from './payme-merchant-service.js';
import { paymeRoutes } from './payme-routes.js';
import { PaymeTransactionRepo } from './payme-transaction-repo.js';
import { PaymentRefunds } from './payment-refunds.js';
import { PaymentRepo } from './payment-repo.js';
import { PlanChangeService } from './plan-change-service.js';
import { PlanRepo } from './plan-repo.js';
import { PlanService } from './plan-service.js';
import { clickLedger } from './providers/click-ledger.js';
import { paymeLedger } from './providers/payme-ledger.js';
import { createPaymentProviders } from './providers/registry.js';
import { PurchaseService } from './purchase-service.js';
import { ReconciliationService } from './reconciliation-service.js';
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
  /** The limit on cards sent to Click for a code. */
  limits: RateLimitService;
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
    clickCardRequests: new ClickCardRequestRepo(db),
    paymeTransactions: new PaymeTransactionRepo(db),
  };
  // Billing reads an account's role and trial itself (the users table's), so it needs no accounts module.
  const accounts = repos.subscriptions;
  const providers = createPaymentProviders(config, clock);
  const { demo, stripe, click } = providers;
  const paymentsCounted = deps.metrics.counter(
    'payments_total',
    'Payments recorded, by provider and outcome (succeeded, failed, refunded)',
    ['provider', 'outcome'],
  );
  /** Subscriptions, purchases and paid checkouts over one database handle (the app's, or one transaction's). */
  const paidCheckoutsOn = (handle: Kysely<Database>) => {
    const subscriptionRepo = new SubscriptionRepo(handle);
    const plans = new PlanRepo(handle);
    const payments = new PaymentRepo(handle);
    const checkouts = new CheckoutRepo(handle);
    const service = new SubscriptionService({
      subscriptions: subscriptionRepo,
      plans,
      payments,
      changes: new SubscriptionChangeRepo(handle),
      accounts: subscriptionRepo,
      providers,
      clock,
      paymentsCounted,
    });
    const purchases = new PurchaseService({
      subscriptions: subscriptionRepo,
      checkouts,
      plans,
      providers,
      service,
      clock,
    });
    const paid = new PaidCheckouts({
      plans,
      payments,
      subscriptions: subscriptionRepo,
      service,
      purchases,
      clock,
    });
    return { checkouts, paid };
  };
  const subscriptions = new SubscriptionService({
    subscriptions: repos.subscriptions,
    plans: repos.plans,
    payments: repos.payments,
    changes: repos.subscriptionChanges,
    accounts,
    providers,
    clock,
    paymentsCounted,
  });
  const purchases = new PurchaseService({
    subscriptions: repos.subscriptions,
    checkouts: repos.checkouts,
    plans: repos.plans,
    providers,
    service: subscriptions,
    clock,
  });
  const paid = new PaidCheckouts({
    plans: repos.plans,
    payments: repos.payments,
    subscriptions: repos.subscriptions,
    service: subscriptions,
    purchases,
    clock,
  });
  // A Payme call's writes land together: the order's row is locked first, so its calls take turns.
  const paymeAtomically = <T>(orderId: string, work: (scope: PaymeScope) => Promise<T>) =>
    writeTransaction(
      db,
      (trx) => new CheckoutRepo(trx).lock(orderId),
      (trx) => {
        const { checkouts, paid: paidInTrx } = paidCheckoutsOn(trx);
        return work({ transactions: new PaymeTransactionRepo(trx), checkouts, paid: paidInTrx });
      },
    );
  // The viewer is told through the admin's notifications, which billing does not know.
  const paymeRefunded = ({ payment, periodEnd }: Refund) =>
    deps.events.emit('paymentRefunded', {
      userId: payment.user_id,
      amountCents: payment.amount_cents,
      currency: payment.currency,
      periodEnd,
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
      paid,
      clock,
    }),
    paymentRefunds: new PaymentRefunds({
      transactions: repos.paymeTransactions,
      click,
      payments: repos.payments,
      audit: deps.audit,
      atomically: paymeAtomically,
      refunded: paymeRefunded,
    }),
    paymeMerchant: new PaymeMerchantService({
      settings: config.payme,
      transactions: repos.paymeTransactions,
      checkouts: repos.checkouts,
      atomically: paymeAtomically,
      refunded: paymeRefunded,
      clock,
    }),
    clickCards: new ClickCardService({
      click,
      limits: deps.limits,
      requests: repos.clickCardRequests,
      subscriptions: repos.subscriptions,
      service: subscriptions,
      clock,
    }),
    reconciliation: new ReconciliationService({
      payments: repos.payments,
      ledgers: [
        ...(config.payme ? [paymeLedger(repos.paymeTransactions)] : []),
        ...(config.click ? [clickLedger(repos.clickTransactions)] : []),
      ],
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
    billingAdminRoutes(app, services);
    await stripeWebhookRoutes(app, services.stripeWebhooks);
    await clickShopRoutes(app, services.clickShop);
    clickCardRoutes(app, services.clickCards);
    await paymeRoutes(app, services.paymeMerchant);
  };
  // Accounts read each live session through it: the session with its account's subscription and plan, one query.
  const sessionsWithBilling: LiveSessionReader = repos.subscriptions;
  return { repos, services, providers, stripe, sessionsWithBilling, registerRoutes };
}

export type BillingModule = ReturnType<typeof createBillingModule>;

/** Runs renewals and forgets day-old checkout sessions every BILLING_TIMER_SECONDS while the app is open. */
export function startBillingTimer(app: AppInstance, billing: BillingModule, clock: Clock): void {
  if (billing.providers.demo && app.container.config.nodeEnv === 'production') {
    app.log.warn(
      'PAYMENT_DEMO_IN_PRODUCTION: the built-in test checkout is on, so any viewer can subscribe with a test card',
    );
  }
  repeatWhileOpen(app, app.container.config.billingTimerSeconds * 1000, 'billing timer', async () => {
    const report = await billing.services.renewal.renewDue();
    if (report.renewed + report.failed + report.expired + report.canceled > 0)
      app.log.info({ report }, 'billing renewals');
    if (app.container.config.payme) {
      const cancelled = await billing.services.paymeMerchant.cancelTimedOut();
      if (cancelled > 0)
        app.log.info({ cancelled }, 'Payme transactions not performed in 12 hours cancelled');
    }
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
