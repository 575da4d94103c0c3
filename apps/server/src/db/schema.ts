import type { Generated } from 'kysely';
import type { AccountTables } from './schema-accounts.js';
import type { AdminTables } from './schema-admin.js';
import type { BillingTables } from './schema-billing.js';
import type { CatalogTables } from './schema-catalog.js';
import type { LibraryTables } from './schema-library.js';

/** Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers, so one schema serves SQLite and PostgreSQL. */
export interface UsersTable {
  user_id: Generated<number>;
  phone_number: string;
  /** The verified email (a sign-in name); unique. */
  email: string | null;
  /** An email waiting for its code to be confirmed: not a sign-in name, not unique. */
  pending_email: string | null;
  password_hash: string;
  role: 'user' | 'admin';
  status: 'active' | 'disabled';
  verified: number;
  first_name: string | null;
  last_name: string | null;
  dob: string | null;
  gender: string | null;
  nationality: string | null;
  language: string | null;
  avatar: string | null;
  trial_ends_at: string | null;
  /** Titles above this maturity level are hidden on every profile unless the session was unlocked (0020). */
  maturity_limit: AgeRatingValue | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value: a database leak does not hand out live sessions. */
  session_hash: string;
  user_id: number;
  /** The profile the session is on (set at sign-in to the owner's; migration 0020). */
  profile_id: number | null;
  /** 1 once the account password was given for titles above the account's maturity limit. */
  mature_unlocked: Generated<number>;
  remember: number;
  created_at: string;
  expires_at: string;
  /** The id the account's sessions list names it by (never the hash; migration 0026). */
  public_id: string | null;
  /** The browser's User-Agent at sign-in, for the sessions list. */
  user_agent: string | null;
  /** Written about once a minute while the session is used; not watched by the access version. */
  last_used_at: string | null;
}

/**
 * One row (id 1): bumped by database triggers on every write that changes what a live session says about its
 * viewer (session, account, subscription, plan; migration 0008).
 */
export interface AccessVersionTable {
  id: number;
  /** bigint: PostgreSQL hands it over as a string. */
  version: number | string;
}

export interface RateCountersTable {
  counter_key: string;
  window_start: string;
  hits: number;
  /** The end of the window (null only on rows the migration found without one): ended rows are deleted. */
  expires_at: string | null;
}

export interface LanguagesTable {
  lang_id: Generated<number>;
  keyword: string;
  keyword_lower: string;
  language_title: string;
  dir: 'ltr' | 'rtl';
  flag: string | null;
  is_default: number;
  /** JSON object of translation key -> text. */
  texts: string;
  created_at: string;
  updated_at: string;
}

export type AgeRatingValue = 'All' | '7+' | '13+' | '16+' | '18+';

/** A viewer in a household (migration 0020): the per-profile tables key on `profile_id`. */
export interface ProfilesTable {
  profile_id: Generated<number>;
  user_id: number;
  name: string;
  /** `avatar:<n>` for a generated one, else the storage key of an uploaded image. */
  avatar: string;
  /** Display language keyword; null follows the browser's. */
  language: string | null;
  maturity: Generated<AgeRatingValue>;
  kids: Generated<number>;
  autoplay_next: Generated<number>;
  autoplay_previews: Generated<number>;
  subtitle_language: string | null;
  audio_language: string | null;
  pin_hash: string | null;
  /** 0 for the account owner's profile, which cannot be deleted. */
  position: number;
  last_active_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database extends AccountTables, CatalogTables, BillingTables, AdminTables, LibraryTables {
  users: UsersTable;
  sessions: SessionsTable;
  profiles: ProfilesTable;
  access_version: AccessVersionTable;
  rate_counters: RateCountersTable;
  languages: LanguagesTable;
}
