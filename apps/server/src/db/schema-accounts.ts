/** Tables of the accounts issue (one-time codes, SMS outbox, ...). */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the accounts module
export interface AccountTables {}
