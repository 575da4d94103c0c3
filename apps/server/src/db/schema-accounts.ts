import type { Generated } from 'kysely';

/** One-time codes sent by text message; only an HMAC of the code is stored. */
export interface OtpCodesTable {
  otp_id: Generated<number>;
  phone_number: string;
  purpose: 'signup' | 'reset' | 'phone_change';
  code_hash: string;
  expires_at: string;
  /** Set when the code was used (approved); a used code never works again. */
  consumed_at: string | null;
  /** Set when the sign-up proof issued for this code was used to create the account. */
  proof_used_at: string | null;
  /** The client address that asked for the code (null for codes from before it was kept). */
  requested_from: string | null;
  created_at: string;
}

/** Messages the console SMS provider "sent": read by tests and the development outbox call. */
export interface SmsOutboxTable {
  sms_id: Generated<number>;
  to_number: string;
  body: string;
  created_at: string;
}

/** Codes mailed to confirm an email for an account; only an HMAC of the code is stored. */
export interface EmailCodesTable {
  code_id: Generated<number>;
  user_id: number;
  /** The address the code was mailed to: confirming makes it this account's email. */
  email: string;
  code_hash: string;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

/** Mails the console email provider "sent": read by tests and the development outbox call. */
export interface EmailOutboxTable {
  email_id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

/**
 * Texts to send after the request that asked for them has answered (reset codes); a sent text is deleted, one
 * that could not be sent stays `failed`, without its body, for the admin alerts.
 */
export interface SmsQueueTable {
  message_id: Generated<number>;
  to_number: string;
  body: string;
  /** 1: send only if the number belongs to an account (checked when sending, not by the request). */
  only_to_account: number;
  status: 'queued' | 'sending' | 'failed';
  attempts: number;
  next_run_at: string;
  /** While `sending`: when another worker may take it over (its sender died). */
  locked_until: string | null;
  /** Not sent by then (the code in it has expired): given up. */
  expires_at: string;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** Server secrets generated at first use (the one-time-code HMAC key when OTP_SECRET is unset). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** Tables of accounts: one-time codes, SMS and email outboxes, the SMS queue, secrets. */
export interface AccountTables {
  otp_codes: OtpCodesTable;
  sms_outbox: SmsOutboxTable;
  sms_queue: SmsQueueTable;
  email_codes: EmailCodesTable;
  email_outbox: EmailOutboxTable;
  app_secrets: AppSecretsTable;
}
