/** Tables of the billing module (plans, subscriptions, payments, webhook events, playback sessions). */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the billing module
export interface BillingTables {}
