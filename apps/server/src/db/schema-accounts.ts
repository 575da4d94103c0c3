import type { Generated } from 'kysely';

/** One-time codes sent by text message; only an HMAC of the code is stored. */
export interface OtpCodesTable {
  otp_id: Generated<number>;
  phone_number: string;
  purpose: 'signup' | 'reset' | 'phone_change';
  code_hash: string;
  attempts: number;
  expires_at: string;
  /** Set when the code was used (approved); a used code never works again. */
  consumed_at: string | null;
  /** Set when the sign-up proof issued for this code was used to create the account. */
  proof_used_at: string | null;
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
  attempts: number;
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

/** Server secrets generated at first use (the one-time-code HMAC key when OTP_SECRET is unset). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** Tables of the accounts issue (one-time codes, SMS and email outboxes, secrets). */
export interface AccountTables {
  otp_codes: OtpCodesTable;
  sms_outbox: SmsOutboxTable;
  email_codes: EmailCodesTable;
  email_outbox: EmailOutboxTable;
  app_secrets: AppSecretsTable;
}
