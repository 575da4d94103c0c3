import { z } from 'zod';
import { COLLECTIONS, type Collection, playbackIdSchema } from './catalog.js';
import { keywordSchema } from './languages.js';
import { currencyCodeSchema, MAX_PRICE_MINOR, planPricesSchema, priceMinorSchema } from './money.js';

/* ---------- Plans (spec section 9) ---------- */

/** Quality caps a plan can have, with the labels the pricing page shows. */
export const QUALITY_CAPS = [480, 720, 1080] as const;
export type QualityCap = (typeof QUALITY_CAPS)[number];
export const QUALITY_LABELS: Record<QualityCap, 'SD' | 'HD' | 'FHD'> = { 480: 'SD', 720: 'HD', 1080: 'FHD' };
export const qualityCapSchema = z.union([z.literal(480), z.literal(720), z.literal(1080)], {
  error: 'Choose 480, 720 or 1080',
});

/** The features a plan lists (their names are the translation keys of the pricing page). */
export const PLAN_FEATURES = [
  'new_movies',
  'salomtv_special',
  'america_tv_shows',
  'hollywood_movies',
  'video_quality',
  'add_free_entertainment',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/**
 * Catalogue collections that need the plan feature of the same name (the catalogue's `COLLECTIONS`).
 * A title in none of them is open to every plan with access.
 */
export const GATED_COLLECTIONS: readonly Collection[] = COLLECTIONS;

export const planFeaturesSchema = z.object({
  new_movies: z.boolean(),
  salomtv_special: z.boolean(),
  america_tv_shows: z.boolean(),
  hollywood_movies: z.boolean(),
  video_quality: z.boolean(),
  add_free_entertainment: z.boolean(),
});
export type PlanFeatures = z.infer<typeof planFeaturesSchema>;

export const BILLING_INTERVALS = ['month', 'year'] as const;
export const billingIntervalSchema = z.enum(BILLING_INTERVALS, { error: 'Choose month or year' });
export type BillingInterval = z.infer<typeof billingIntervalSchema>;

export const MAX_STREAMS_LIMIT = 10;
export const MAX_PRICE_CENTS = MAX_PRICE_MINOR;

/**
 * One plan as `GET /api/plans` and the admin plan editor show it. Money is in integer minor units: `prices` holds
 * every currency the plan is sold in; `monthly_price_cents`, `yearly_price_cents` are its price in `currency`.
 */
export const planSchema = z.object({
  plan_id: z.number(),
  code: z.string(),
  /** In the language the call asked for (`?lang=`) where the plan has a name in it, else as written. */
  name: z.string(),
  /** The plan's name in other languages, by language keyword (`Uz`). */
  names: z.record(z.string(), z.string()),
  monthly_price_cents: z.number(),
  yearly_price_cents: z.number().nullable(),
  currency: z.string(),
  /** Price per currency and interval; a currency missing here is not offered for the plan. */
  prices: z.record(z.string(), z.object({ month: z.number(), year: z.number().nullable() })),
  quality_cap: qualityCapSchema,
  quality_label: z.enum(['SD', 'HD', 'FHD']),
  features: planFeaturesSchema,
  max_streams: z.number(),
  max_profiles: z.number(),
  offered: z.boolean(),
  sort_order: z.number(),
});
export type Plan = z.infer<typeof planSchema>;
export const planListReplySchema = z.array(planSchema);

const priceCentsSchema = priceMinorSchema;
const currencySchema = currencyCodeSchema;
const maxStreamsSchema = z
  .number({ error: 'Enter the number of streams' })
  .int()
  .min(1, 'At least 1')
  .max(MAX_STREAMS_LIMIT, `At most ${MAX_STREAMS_LIMIT}`);
/** Profiles a plan allows an account (1 to 5). */
const maxProfilesSchema = z
  .number({ error: 'Enter the number of profiles' })
  .int()
  .min(1, 'At least 1')
  .max(5, 'At most 5');
const planNameSchema = z
  .string({ error: 'Enter a name' })
  .trim()
  .min(1, 'Enter a name')
  .max(60, 'At most 60 characters');
/** A plan's name per language keyword; an empty name leaves that language with the plan's own name. */
const planNamesSchema = z.record(
  keywordSchema,
  z.string({ error: 'Enter a name' }).trim().max(60, 'At most 60 characters'),
);

/** The plan's name in a language (a keyword in any case), else its own name. */
export function planNameIn(plan: Pick<Plan, 'name' | 'names'>, keyword: string | undefined): string {
  if (!keyword) return plan.name;
  const lower = keyword.toLowerCase();
  for (const [language, name] of Object.entries(plan.names))
    if (language.toLowerCase() === lower) return name;
  return plan.name;
}

/** `POST /api/admin/plans`: a new plan. */
export const planCreateBodySchema = z.strictObject({
  code: z
    .string({ error: 'Enter a code' })
    .trim()
    .regex(/^[a-z][a-z0-9_-]{1,31}$/, 'Use 2 to 32 lower-case letters, digits, - or _'),
  name: planNameSchema,
  names: planNamesSchema.default({}),
  monthly_price_cents: priceCentsSchema,
  yearly_price_cents: priceCentsSchema.nullable().default(null),
  currency: currencySchema.default('USD'),
  /** The plan's prices in other currencies too; its price in `currency` is the two fields above. */
  prices: planPricesSchema.optional(),
  quality_cap: qualityCapSchema,
  features: planFeaturesSchema.partial().default({}),
  max_streams: maxStreamsSchema.default(1),
  max_profiles: maxProfilesSchema.default(5),
  offered: z.boolean().default(true),
  sort_order: z.number().int().min(0).max(1000).optional(),
});
export type PlanCreateBody = z.input<typeof planCreateBodySchema>;

/** `POST /api/admin/plans/:plan_id`: any subset of the fields; the code never changes. */
export const planUpdateBodySchema = z.strictObject({
  name: planNameSchema.optional(),
  /** Replaces every name the plan has in other languages. */
  names: planNamesSchema.optional(),
  monthly_price_cents: priceCentsSchema.optional(),
  yearly_price_cents: priceCentsSchema.nullable().optional(),
  currency: currencySchema.optional(),
  /** Replaces every price; the plan's `currency` must keep one (the fields above, when given, are applied to it). */
  prices: planPricesSchema.optional(),
  quality_cap: qualityCapSchema.optional(),
  features: planFeaturesSchema.partial().optional(),
  max_streams: maxStreamsSchema.optional(),
  max_profiles: maxProfilesSchema.optional(),
  offered: z.boolean().optional(),
  sort_order: z.number().int().min(0).max(1000).optional(),
});
export type PlanUpdateBody = z.input<typeof planUpdateBodySchema>;

export const planIdParamsSchema = z.object({ plan_id: z.coerce.number().int().positive() });

/* ---------- Subscriptions ---------- */

export const SUBSCRIPTION_STATUSES = ['trialing', 'active', 'past_due', 'canceled', 'expired'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;
/** After a failed renewal the viewer keeps watching this long while the payment is retried. */
export const GRACE_DAYS = 7;
export const PAYMENT_PROVIDERS = ['demo', 'stripe', 'payme', 'click'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** A plan as a subscription's summary names it. */
export const summaryPlanSchema = z.object({
  plan_id: z.number(),
  name: z.string(),
  /** The plan's name in each language that has one of its own (see `planNameIn`). */
  names: z.record(z.string(), z.string()),
  quality_label: z.enum(['SD', 'HD', 'FHD']),
});
export type SummaryPlan = z.infer<typeof summaryPlanSchema>;
export const PENDING_CHANGE_KINDS = ['after_trial', 'downgrade', 'upgrade'] as const;

/**
 * One subscription as every screen tells it (the viewer's account page, the admin's list and user page, the CSV
 * export, the admin alerts), worked out once on the server from the same state.
 */
export const subscriptionSummarySchema = z.object({
  status: z.enum([...SUBSCRIPTION_STATUSES, 'none']),
  /** The free trial is running (every plan's titles are open). */
  trial: z.boolean(),
  /** The plan paid for and in force now; null during the trial and without a plan. */
  plan_now: summaryPlanSchema.nullable(),
  /** The plan the next charge is for (after the trial or the period), and when; null when nothing is charged. */
  plan_next: summaryPlanSchema.nullable(),
  next_charge_at: z.string().nullable(),
  next_charge_cents: z.number().nullable(),
  currency: z.string().nullable(),
  /**
   * A change waiting: `after_trial` the plan chosen for after the trial, `downgrade` a cheaper plan from the
   * period's end, `upgrade` a dearer plan waiting for its payment.
   */
  pending_change: z
    .object({ kind: z.enum(PENDING_CHANGE_KINDS), plan: summaryPlanSchema, at: z.string().nullable() })
    .nullable(),
  cancel_at_period_end: z.boolean(),
  /** The card on file (kept after a cancellation, offered at the next purchase). */
  card: z.string().nullable(),
  /** The same in one English line, for operators. */
  text: z.string(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** `GET /api/billing/subscription`: what the account settings page shows. */
export const subscriptionReplySchema = z.object({
  /** `none`: no trial and never subscribed. */
  status: z.enum([...SUBSCRIPTION_STATUSES, 'none']),
  /** The plan whose features apply now (during the trial: null, with full access). */
  plan: planSchema.nullable(),
  interval: billingIntervalSchema.nullable(),
  /** What the viewer pays for the current period. */
  price_cents: z.number().nullable(),
  currency: z.string().nullable(),
  /** What the next period will cost (the plan's price now; a change applies from the next period). */
  renewal_price_cents: z.number().nullable(),
  current_period_start: z.string().nullable(),
  current_period_end: z.string().nullable(),
  /**
   * When the next charge is due, or null (cancel pending, ended, or a free trial without a card). During a trial
   * with a card saved: the trial's end, the first payment.
   */
  next_billing_date: z.string().nullable(),
  /**
   * The plan that takes over at `scheduled_change_at` and is charged from then on: a downgrade waiting for the
   * end of the paid period, or the plan bought during the free trial.
   */
  scheduled_plan: planSchema.nullable(),
  scheduled_change_at: z.string().nullable(),
  /** An upgrade whose payment the provider has yet to confirm; the current plan applies until it does. */
  pending_upgrade_plan: planSchema.nullable(),
  cancel_at_period_end: z.boolean(),
  grace_until: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  /** Until when the viewer can watch (end of trial, period, or grace). */
  access_until: z.string().nullable(),
  has_access: z.boolean(),
  max_height: qualityCapSchema.nullable(),
  preroll: z.boolean(),
  max_streams: z.number(),
  payment_method_summary: z.string().nullable(),
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  summary: subscriptionSummarySchema,
});
export type SubscriptionReply = z.infer<typeof subscriptionReplySchema>;

const providerNameSchema = z.enum(PAYMENT_PROVIDERS, { error: 'Choose demo, stripe, payme or click' });

/**
 * `POST /api/billing/checkout`. `currency`: one the plan has a price in (default: the plan's own currency);
 * `provider`: one of `GET /api/billing/providers?currency=` (default: the first of those).
 */
export const checkoutBodySchema = z.strictObject({
  plan_id: z.number({ error: 'Choose a plan' }).int().positive(),
  interval: billingIntervalSchema.default('month'),
  currency: currencyCodeSchema.optional(),
  provider: providerNameSchema.optional(),
});
export const checkoutReplySchema = z.object({ url: z.string(), session_id: z.string() });

/** `GET /api/billing/providers?currency=UZS`: the providers this server takes payments through for a currency. */
export const providersQuerySchema = z.strictObject({ currency: currencyCodeSchema });
export const providerSchema = z.object({ name: providerNameSchema, title: z.string() });
export const providersReplySchema = z.object({ currency: z.string(), providers: z.array(providerSchema) });
export type PaymentProviderInfo = z.infer<typeof providerSchema>;
export type ProvidersReply = z.infer<typeof providersReplySchema>;

/** The names the checkout shows the providers by. */
export const PROVIDER_TITLES: Readonly<Record<PaymentProviderName, string>> = {
  demo: 'Demo card',
  stripe: 'Card (Stripe)',
  payme: 'Payme',
  click: 'Click',
};

/** A checkout session by its id (the demo page's, the return page's). */
export const checkoutSessionParamsSchema = z.object({ id: z.string().min(8).max(64) });
export const demoSessionParamsSchema = checkoutSessionParamsSchema;
export const CHECKOUT_STATUSES = ['open', 'completed', 'expired'] as const;

/** `GET /api/billing/checkout/:id`: the viewer's own checkout and how it ended, for the return page. */
export const checkoutStatusReplySchema = z.object({
  session_id: z.string(),
  /** `open`: the provider has not told us of a payment yet; `completed`: paid; `expired`: not paid in time. */
  status: z.enum(CHECKOUT_STATUSES),
  plan: summaryPlanSchema,
  interval: billingIntervalSchema,
  price_cents: z.number(),
  currency: z.string(),
  provider: providerNameSchema,
});
export type CheckoutStatusReply = z.infer<typeof checkoutStatusReplySchema>;

export const changePlanBodySchema = z.strictObject({
  plan_id: z.number({ error: 'Choose a plan' }).int().positive(),
});

/** `GET /api/billing/change-plan/preview?plan_id=`: what `POST /api/billing/change-plan` would do, before it does. */
export const planChangePreviewQuerySchema = z.strictObject({
  plan_id: z.coerce.number({ error: 'Choose a plan' }).int().positive(),
});
export const PLAN_CHANGE_KINDS = ['upgrade', 'downgrade', 'switch', 'undo', 'trial'] as const;
export const planChangePreviewReplySchema = z.object({
  /**
   * `upgrade`: a dearer plan, now, for the prorated difference; `downgrade`: a cheaper plan from the end of the
   * paid period; `switch`: a plan at the same price, now; `undo`: back to the current plan, dropping a scheduled
   * change; `trial`: another plan for the trial's first payment.
   */
  kind: z.enum(PLAN_CHANGE_KINDS),
  plan: planSchema,
  /** Charged when the change is confirmed (an upgrade's prorated difference), else 0. Minor units. */
  amount_due_now_cents: z.number(),
  currency: z.string(),
  /** When the new plan applies: now, or the end of the paid period (or of the trial). */
  effective_at: z.string(),
  interval: billingIntervalSchema,
  /** What each period costs from the next charge on, and when that charge is. */
  renewal_price_cents: z.number(),
  next_billing_date: z.string(),
});
export type PlanChangePreview = z.infer<typeof planChangePreviewReplySchema>;
export const urlReplySchema = z.object({ url: z.string() });

/* ---------- Payments ---------- */

export const PAYMENT_STATUSES = ['succeeded', 'failed', 'refunded'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const paymentSchema = z.object({
  payment_id: z.number(),
  user_id: z.number(),
  subscription_id: z.number().nullable(),
  amount_cents: z.number(),
  currency: z.string(),
  status: paymentStatusSchema,
  provider: z.enum(PAYMENT_PROVIDERS),
  provider_ref: z.string().nullable(),
  description: z.string(),
  failure_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const BILLING_PAGE_SIZE = 20;
const pageQuery = {
  page: z.coerce.number().int().min(1, 'Pages start at 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'At most 100').default(BILLING_PAGE_SIZE),
};

export const paymentListQuerySchema = z.strictObject({ ...pageQuery });
export const paymentListReplySchema = z.object({
  items: z.array(paymentSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type PaymentListReply = z.infer<typeof paymentListReplySchema>;

/** `GET /api/admin/payments`. */
export const adminPaymentListQuerySchema = z.strictObject({
  ...pageQuery,
  status: paymentStatusSchema.optional(),
  provider: z.enum(PAYMENT_PROVIDERS).optional(),
});
export const adminPaymentRowSchema = paymentSchema.extend({
  phone_number: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
export const adminPaymentListReplySchema = z.object({
  items: z.array(adminPaymentRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** `POST /api/admin/payments/:payment_id/refund`: the payment as it is after the refund. */
export const paymentIdParamsSchema = z.object({ payment_id: z.coerce.number().int().positive() });

/** `GET /api/admin/subscriptions`. */
export const adminSubscriptionListQuerySchema = z.strictObject({
  ...pageQuery,
  status: subscriptionStatusSchema.optional(),
  plan_id: z.coerce.number().int().positive().optional(),
});
export const adminSubscriptionRowSchema = z.object({
  subscription_id: z.number(),
  user_id: z.number(),
  phone_number: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  plan_id: z.number(),
  plan_name: z.string(),
  status: subscriptionStatusSchema,
  interval: billingIntervalSchema,
  price_cents: z.number(),
  currency: z.string(),
  current_period_end: z.string(),
  cancel_at_period_end: z.boolean(),
  grace_until: z.string().nullable(),
  provider: z.enum(PAYMENT_PROVIDERS),
  payment_method_summary: z.string().nullable(),
  created_at: z.string(),
  summary: subscriptionSummarySchema,
});
export const adminSubscriptionListReplySchema = z.object({
  items: z.array(adminSubscriptionRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export const userIdParamsSchema = z.object({ user_id: z.coerce.number().int().positive() });

/* ---------- Demo payment provider ---------- */

/** The cards the demo checkout knows (Stripe's well-known test numbers). */
export const DEMO_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  /** Saved fine, but every later charge fails (for trying a failed renewal). */
  chargeFails: '4000000000000341',
} as const;

export const demoSessionReplySchema = z.object({
  session_id: z.string(),
  demo: z.literal(true),
  status: z.enum(CHECKOUT_STATUSES),
  plan: planSchema,
  interval: billingIntervalSchema,
  price_cents: z.number(),
  currency: z.string(),
  expires_at: z.string(),
  /** Bought during the free trial: nothing is charged today and the first payment is on this date; else null. */
  first_payment_at: z.string().nullable(),
  /** The card kept from an earlier purchase, offered instead of typing one again; null when there is none. */
  saved_card: z.string().nullable(),
  test_cards: z.array(z.object({ number: z.string(), outcome: z.string() })),
});
export type DemoSessionReply = z.infer<typeof demoSessionReplySchema>;

const cardFields = {
  card_number: z
    .string({ error: 'Enter the card number' })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number (12 to 19 digits)')),
  exp: z
    .string({ error: 'Enter the expiry date' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, 'Enter the expiry date as MM/YY'),
  cvc: z
    .string({ error: 'Enter the security code' })
    .trim()
    .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
  name: z
    .string({ error: 'Enter the name on the card' })
    .trim()
    .min(1, 'Enter the name on the card')
    .max(100),
};

/** `POST /api/billing/demo/pay`: the demo checkout page sends the card. */
export const demoPayBodySchema = z.strictObject({ session: z.string().min(8).max(64), ...cardFields });
export type DemoPayBody = z.input<typeof demoPayBodySchema>;
/** `POST /api/billing/demo/pay-saved`: the demo checkout pays with the card kept from an earlier purchase. */
export const demoPaySavedBodySchema = z.strictObject({ session: z.string().min(8).max(64) });
/** `POST /api/billing/demo/card`: replace the saved demo card (retries a past-due renewal at once). */
export const demoCardBodySchema = z.strictObject(cardFields);
export type DemoCardBody = z.input<typeof demoCardBodySchema>;

export const demoPayReplySchema = z.object({
  status: subscriptionStatusSchema,
  /** The payment taken, or null when nothing was charged (a purchase during the free trial). */
  payment_id: z.number().nullable(),
  /** Where the page goes next. */
  redirect: z.string(),
});

/* ---------- Playback sessions (simultaneous streams) ---------- */

export const playbackStartBodySchema = z.strictObject({
  movie_id: z.number({ error: 'Choose a title' }).int().positive(),
  /** An optional label the player chooses; otherwise one is made from the browser's User-Agent. */
  device_label: z.string().trim().min(1).max(60).optional(),
});
export const playbackIdParamsSchema = z.object({ id: playbackIdSchema });

/**
 * What a player saw since its last report (heartbeat or stop): the server adds these up into its metrics and into
 * per-title figures for the admin dashboard. Bounded per report: a report covers a heartbeat's interval, or the time
 * a hidden tab held its timers back.
 */
export const playbackQualityReportSchema = z.strictObject({
  /** Milliseconds from the player asking for the stream to its first frame; only in the first report of a play. */
  first_frame_ms: z.number().int().min(0).max(600_000).optional(),
  /** Milliseconds of playing (not paused, not stalled). */
  watched_ms: z.number().int().min(0).max(3_600_000),
  /** Times the picture stopped to wait for data while playing (seeks not counted). */
  stalls: z.number().int().min(0).max(10_000),
  /** Milliseconds spent stalled. */
  stalled_ms: z.number().int().min(0).max(3_600_000),
  /** Playback errors (the player gave up on a segment, the element failed). */
  errors: z.number().int().min(0).max(1000),
  /** Changes of rendition after the first. */
  quality_switches: z.number().int().min(0).max(1000),
  /** Media bytes loaded. */
  bytes_loaded: z
    .number()
    .int()
    .min(0)
    .max(20 * 1024 ** 3),
});
export type PlaybackQualityReport = z.infer<typeof playbackQualityReportSchema>;

/** `POST /api/playback/:id/heartbeat` and `/stop`: no body, or the quality report since the last one. */
export const playbackReportBodySchema = z
  .strictObject({ quality: playbackQualityReportSchema.optional() })
  .nullish();

export const playbackSessionSchema = z.object({
  playback_id: z.string(),
  title_id: z.number(),
  /** The title's name, as the over-the-limit prompt lists it. */
  title: z.string(),
  /** The name of the profile watching (null when it was deleted since). */
  profile: z.string().nullable(),
  device_label: z.string(),
  started_at: z.string(),
  last_seen_at: z.string(),
});
export type PlaybackSession = z.infer<typeof playbackSessionSchema>;

export const playbackStartReplySchema = z.object({
  playback_id: z.string(),
  max_height: qualityCapSchema,
  preroll: z.boolean(),
  heartbeat_seconds: z.number(),
});
export const playbackActiveReplySchema = z.object({
  max_streams: z.number(),
  items: z.array(playbackSessionSchema),
});
/**
 * The 409 answer of `POST /api/playback/start` (and of a heartbeat that comes back after silence) when every
 * stream of the plan is in use.
 */
export const streamLimitReplySchema = z.object({
  error: z.object({ code: z.literal('stream_limit'), message: z.string() }),
  max_streams: z.number(),
  active: z.array(playbackSessionSchema),
});
export type StreamLimitReply = z.infer<typeof streamLimitReplySchema>;

/* ---------- Reconciliation ---------- */

/** The providers whose own records the reconciliation report reads (what they told us they were paid). */
export const RECONCILED_PROVIDERS = ['payme', 'click'] as const;
export type ReconciledProvider = (typeof RECONCILED_PROVIDERS)[number];
/** Days of the report are Tashkent's (UTC+5, no daylight saving), as Payme's and Click's own reports count them. */
export const RECONCILIATION_UTC_OFFSET_HOURS = 5;
export const RECONCILIATION_MAX_DAYS = 31;

const reportDate = z.iso.date({ error: 'Use the form YYYY-MM-DD' });

/** `GET /api/admin/payments/reconciliation?from=&to=`: both days included. */
export const reconciliationQuerySchema = z
  .strictObject({ from: reportDate, to: reportDate })
  .refine((q) => q.from <= q.to, { message: 'The first day comes before the last', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < RECONCILIATION_MAX_DAYS * 86_400_000, {
    message: `At most ${RECONCILIATION_MAX_DAYS} days at once`,
    path: ['to'],
  });
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

/**
 * `missing_here`: the provider was paid and we recorded no payment (the viewer may have no plan);
 * `missing_there`: we recorded a payment the provider does not list; `amount`: both have it at different amounts;
 * `state`: refunded on one side only.
 */
export const RECONCILIATION_DIFFERENCES = ['missing_here', 'missing_there', 'amount', 'state'] as const;

const tally = z.object({ count: z.number(), amount_minor: z.number() });
export const reconciliationDifferenceSchema = z.object({
  kind: z.enum(RECONCILIATION_DIFFERENCES),
  /** The provider's transaction id. */
  provider_ref: z.string(),
  payment_id: z.number().nullable(),
  ours_minor: z.number().nullable(),
  theirs_minor: z.number().nullable(),
  at: z.string(),
});
export const reconciliationDaySchema = z.object({
  date: z.string(),
  provider: z.enum(RECONCILED_PROVIDERS),
  currency: z.string(),
  /** Payments we recorded as paid (refunds counted apart). */
  ours: tally,
  theirs: tally,
  refunded_ours: tally,
  refunded_theirs: tally,
  differences: z.array(reconciliationDifferenceSchema),
});
export const reconciliationReplySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The providers set up on this server, each reconciled for every day of the range. */
  providers: z.array(z.enum(RECONCILED_PROVIDERS)),
  days: z.array(reconciliationDaySchema),
});
export type ReconciliationReply = z.infer<typeof reconciliationReplySchema>;
export type ReconciliationDay = z.infer<typeof reconciliationDaySchema>;

/* ---------- A card kept by Click for renewals ---------- */

/** Codes a viewer may try for one card before asking Click for a new one. */
export const CLICK_CARD_CODE_TRIES = 5;
/** Minutes a card waits for its SMS code. */
export const CLICK_CARD_CODE_MINUTES = 10;
/** Cards an account may send Click for a code in an hour (each one texts the card's owner). */
export const CLICK_CARDS_PER_HOUR = 5;

/** `POST /api/billing/click/card`: the card to keep (16 digits, spaces allowed), its expiry as MMYY, and consent. */
export const clickCardBodySchema = z.strictObject({
  card_number: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{16}$/, 'Enter the 16 digits of the card')),
  expire_date: z
    .string()
    .transform((value) => value.replace(/[\s/]+/g, ''))
    .pipe(z.string().regex(/^(0[1-9]|1[0-2])\d{2}$/, 'Enter the expiry as MM/YY')),
  consent: z.literal(true, { error: 'Agree to renewals being paid with this card' }),
});
export type ClickCardBody = z.input<typeof clickCardBodySchema>;
/** Where Click sent the code (masked). */
export const clickCardReplySchema = z.object({ phone_number: z.string() });

/** `POST /api/billing/click/card/verify`: the code from Click's SMS. */
export const clickCardVerifyBodySchema = z.strictObject({
  sms_code: z.string().regex(/^\d{4,6}$/, 'Enter the code from the SMS'),
});
