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

/** An account's TOTP app: the secret sealed with AES-256-GCM (second-factor/secret-box.ts), never in clear. */
export interface TotpFactorsTable {
  user_id: number;
  secret_box: string;
  /** Null while the app is being set up (its first code not yet given). */
  confirmed_at: string | null;
  /** The time step of the last code accepted: a code of that step or an earlier one is refused. */
  last_step: number | string | null;
  created_at: string;
}

/** An account's WebAuthn credentials (passkeys). */
export interface PasskeysTable {
  passkey_id: Generated<number>;
  user_id: number;
  /** base64url, as the browser names it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** bigint: PostgreSQL hands it over as a string. */
  sign_count: number | string;
  /** JSON array of the authenticator's transports. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** Single-use recovery codes; only an HMAC of each is stored. */
export interface RecoveryCodesTable {
  code_id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** A sign-in whose password was right, waiting for its second step (no session exists until then). */
export interface PendingSignInsTable {
  /** SHA-256 of the pending cookie's value. */
  pending_hash: string;
  user_id: number;
  remember: number;
  user_agent: string | null;
  /** The WebAuthn challenge handed out for this sign-in's passkey step. */
  passkey_challenge: string | null;
  created_at: string;
  expires_at: string;
}

/** A passkey registration under way: the challenge handed to the session that asked. */
export interface PasskeyRegistrationsTable {
  session_hash: string;
  user_id: number;
  challenge: string;
  expires_at: string;
}

/** One row (id 1): the site's sign-in policy, set by an admin (REQUIRE_ADMIN_SECOND_FACTOR overrides it). */
export interface SecuritySettingsTable {
  id: number;
  require_admin_second_factor: number;
  updated_at: string | null;
}

/** Tables of accounts: one-time codes, SMS and email outboxes, the SMS queue, secrets, second factors. */
export interface AccountTables {
  totp_factors: TotpFactorsTable;
  passkeys: PasskeysTable;
  recovery_codes: RecoveryCodesTable;
  pending_sign_ins: PendingSignInsTable;
  passkey_registrations: PasskeyRegistrationsTable;
  security_settings: SecuritySettingsTable;
  otp_codes: OtpCodesTable;
  sms_outbox: SmsOutboxTable;
  sms_queue: SmsQueueTable;
  email_codes: EmailCodesTable;
  email_outbox: EmailOutboxTable;
  app_secrets: AppSecretsTable;
}
