import type { Generated } from 'kysely';

/** Dates are ISO-8601 UTC strings, booleans 0/1 and money integer cents (see schema.ts). */

/** A plan is data an admin edits; the feature columns carry the translation keys' names. Generated: a column the database fills with its default when an insert leaves it out. */
export interface PlansTable {
  plan_id: Generated<number>;
  code: string;
  name: string;
  /** JSON object of language keyword -> the plan's name in it (migration 0023). */
  names: Generated<string>;
  /** The plan's price in `currency` (the same as `prices[currency]`). */
  monthly_price_cents: number;
  yearly_price_cents: number | null;
  /** ISO 4217, upper case: the plan's own currency, the default of a checkout that names none. */
  currency: string;
  /** JSON object of currency -> { month, year } in minor units (migration 0030); the currencies it is sold in. */
  prices: Generated<string>;
  /** Highest rendition height the plan allows: 480, 720 or 1080. */
  quality_cap: number;
  new_movies: Generated<number>;
  salomtv_special: Generated<number>;
  america_tv_shows: Generated<number>;
  hollywood_movies: Generated<number>;
  video_quality: Generated<number>;
  add_free_entertainment: Generated<number>;
  max_streams: Generated<number>;
  /** Profiles an account on this plan may have (migration 0020). */
  max_profiles: Generated<number>;
  offered: Generated<number>;
  sort_order: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type SubscriptionStatusValue = 'trialing' | 'active' | 'past_due' | 'canceled' | 'expired';
export type BillingIntervalValue = 'month' | 'year';
export type ProviderValue = 'demo' | 'stripe' | 'payme' | 'click';

/** One row per account that has had a trial or a plan; the price is what this period costs. */
export interface SubscriptionsTable {
  subscription_id: Generated<number>;
  user_id: number;
  plan_id: number;
  status: SubscriptionStatusValue;
  billing_interval: BillingIntervalValue;
  price_cents: number;
  currency: string;
  current_period_start: string;
  current_period_end: string;
  cancel_at_period_end: Generated<number>;
  /** Past due: access lasts until then while the payment is retried. */
  grace_until: string | null;
  /** When the renewal timer next charges this subscription (demo provider); null when nothing is due. */
  next_attempt_at: string | null;
  provider: ProviderValue;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  /** The saved card as the provider knows it (a demo token or a Stripe payment method id). */
  provider_payment_method: string | null;
  /** Such as 'Visa •••• 4242'. */
  payment_method_summary: string | null;
  /** `created` of the newest provider event applied: older events arriving late change nothing. */
  provider_event_at: string | null;
  /**
   * The plan that takes over at `current_period_end`, charged from then on: a downgrade, or the plan bought
   * during the free trial (a trialing row with a saved card).
   */
  scheduled_plan_id: number | null;
  /** An upgrade being paid: the plan and its price, unlocked once its payment (`upgrade_invoice_id`) is paid. */
  upgrade_plan_id: number | null;
  upgrade_price_cents: number | null;
  upgrade_invoice_id: string | null;
  upgrade_requested_at: string | null;
  /** The start of the periods' calendar: renewals fall on its day of the month (null: current_period_start). */
  billing_anchor: string | null;
  ended_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Every charge attempt, successful or not. */
export interface PaymentsTable {
  payment_id: Generated<number>;
  user_id: number;
  subscription_id: number | null;
  plan_id: number | null;
  amount_cents: number;
  currency: string;
  status: 'succeeded' | 'failed' | 'refunded';
  provider: ProviderValue;
  provider_ref: string | null;
  description: string;
  failure_reason: string | null;
  created_at: string;
}

/** A checkout started by a viewer: the demo page pays it; Stripe's webhook completes it. */
export interface CheckoutSessionsTable {
  session_id: string;
  user_id: number;
  plan_id: number;
  billing_interval: BillingIntervalValue;
  price_cents: number;
  currency: string;
  provider: ProviderValue;
  provider_session_id: string | null;
  status: 'open' | 'completed' | 'expired';
  created_at: string;
  expires_at: string;
  completed_at: string | null;
}

/** Provider webhook events already applied, so a replay changes nothing twice. */
export interface BillingEventsTable {
  event_id: string;
  provider: ProviderValue;
  type: string;
  event_created_at: string;
  received_at: string;
}

/** A player that is streaming a title; one that has been silent for 90 s no longer counts. */
export interface PlaybackSessionsTable {
  playback_id: string;
  user_id: number;
  /** The sign-in session (its token's hash) that started it: only that session streams under it. */
  session_hash: string;
  /** The profile that started it (migration 0020): the over-the-limit prompt says who is watching. */
  profile_id: number | null;
  title_id: number;
  device_label: string;
  started_at: string;
  last_seen_at: string;
  ended_at: string | null;
  /** The plan it streams under (a plan's code, `trial`, `admin` or `none`; migration 0024), for the metrics. */
  plan: string;
  /** The highest rendition its plan allows (migration 0024). */
  max_height: number;
}

/** The players' quality reports added up per title and UTC hour (migration 0024). */
export interface PlaybackQualityHoursTable {
  /** The UTC hour, as 2026-06-01T10. */
  hour: string;
  title_id: number;
  /** Reports that told a time to first frame: the plays started. */
  starts: number;
  /** bigint columns: PostgreSQL's are parsed to numbers (db/database.ts). */
  first_frame_ms: number;
  watched_ms: number;
  stalls: number;
  stalled_ms: number;
  errors: number;
  quality_switches: number;
  bytes_loaded: number;
}

/** One row: bumped by triggers whenever a playback session ends or is deleted (migration 0012-playback-stream-bind). */
export interface PlaybackVersionTable {
  id: number;
  /** bigint: PostgreSQL hands it over as a string. */
  version: number | string;
}

/** Tables of the billing module (plans, subscriptions, payments, checkouts, webhook events, playback sessions). */
/** A viewer's change to their subscription, with its summary then in one English line (migration 0021). */
export interface SubscriptionChangesTable {
  change_id: Generated<number>;
  user_id: number;
  kind: SubscriptionChangeKind;
  plan_id: number | null;
  summary: string;
  created_at: string;
}
export type SubscriptionChangeKind =
  | 'purchase'
  | 'plan_change'
  | 'downgrade_scheduled'
  | 'change_undone'
  | 'cancel'
  | 'resume'
  | 'card_check_declined';

export type ClickTransactionState = 'prepared' | 'completed' | 'cancelled';

/** One Click transaction (migration 0029): its Prepare and Complete bodies as Click sent them. */
export interface ClickTransactionsTable {
  merchant_prepare_id: Generated<number>;
  click_trans_id: string;
  /** Our checkout session id. */
  merchant_trans_id: string;
  state: ClickTransactionState;
  amount_tiyin: number;
  prepare_body: string;
  complete_body: string | null;
  prepared_at: string;
  completed_at: string | null;
  cancelled_at: string | null;
}

/** A card the viewer asked Click to keep, waiting for its SMS code (migration 0032). */
export interface ClickCardRequestsTable {
  user_id: number;
  card_token: string;
  /** The masked number Click sent the code to. */
  phone_number: string;
  attempts: Generated<number>;
  created_at: string;
}

/** Payme's transaction states: created, performed, cancelled before perform, cancelled after it (refunded). */
export type PaymeTransactionState = 1 | 2 | -1 | -2;

/** One Payme transaction (migration 0031); times are Payme's, milliseconds since the epoch, 0 for not yet. */
export interface PaymeTransactionsTable {
  transaction_id: Generated<number>;
  payme_id: string;
  /** Our checkout session id (the account's `order_id`). */
  order_id: string;
  user_id: number;
  amount_tiyin: number;
  state: PaymeTransactionState;
  reason: number | null;
  /** The `time` Payme gave at CreateTransaction. */
  payme_time: number;
  create_time: number;
  perform_time: Generated<number>;
  cancel_time: Generated<number>;
}

/** Every authenticated call Payme made, as it came, and what we answered (migration 0031). */
export interface PaymeRequestsTable {
  request_id: Generated<number>;
  payme_id: string | null;
  method: string;
  body: string;
  answer: string;
  received_at: string;
}

export interface BillingTables {
  click_transactions: ClickTransactionsTable;
  click_card_requests: ClickCardRequestsTable;
  payme_transactions: PaymeTransactionsTable;
  payme_requests: PaymeRequestsTable;
  subscription_changes: SubscriptionChangesTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  payments: PaymentsTable;
  checkout_sessions: CheckoutSessionsTable;
  billing_events: BillingEventsTable;
  playback_sessions: PlaybackSessionsTable;
  playback_version: PlaybackVersionTable;
  playback_quality_hours: PlaybackQualityHoursTable;
}
