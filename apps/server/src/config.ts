import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './platform/storage/s3-storage.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The payment providers this build can be configured with. */
export const CONFIGURABLE_PROVIDERS = ['demo', 'stripe', 'click', 'payme'] as const;
export type ConfigurableProvider = (typeof CONFIGURABLE_PROVIDERS)[number];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL schema name')
    .optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_TIME: z
    .string()
    .regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/, 'must be a time of day such as 02:00, or off')
    .default('02:00'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  PG_BIN_DIR: z.string().min(1).optional(),
  SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('FULL'),
  DATABASE_NAMED_STATEMENTS: booleanFlag.default(true),
  ADMIN_PHONE: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: booleanFlag.default(true),
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 ** 3),
  STREAM_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STREAM_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(6 * 3600),
  STREAM_ACCEL_REDIRECT_PREFIX: z
    .string()
    .regex(/^\/.*\/$/, 'must start and end with /')
    .optional(),
  /** Segments and init files kept in memory per instance (MiB; 0: read from disk every time). */
  MEDIA_MEMORY_CACHE_MB: z.coerce.number().int().min(0).max(65536).default(256),
  WORKER_IN_PROCESS: booleanFlag.default(true),
  JOB_QUEUE: z.enum(['db', 'pgboss']).optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url('must be a URL such as http://127.0.0.1:9000').optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  MEDIA_CDN_URL: z.url('must be the CDN base URL, such as https://cdn.example.com').optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  WORKER_POLL_MS: z.coerce.number().int().min(10).default(1000),
  JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  JOB_RETRY_BASE_SECONDS: z.coerce.number().min(0).default(30),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  BILLING_TIMER_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  SMS_PROVIDER: z.enum(['console', 'twilio']).default('console'),
  SMS_CONSOLE_IN_PRODUCTION: booleanFlag.default(false),
  SMS_DEV_OUTBOX: booleanFlag.default(false),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be the account auth token').optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^\+[1-9]\d{4,14}$|^[A-Za-z0-9 ]{1,11}$/, 'must be an E.164 number or a sender id')
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-fA-F]{32}$/, 'must be MG followed by 32 hex digits')
    .optional(),
  TWILIO_API_BASE: z.url('must be a URL').default('https://api.twilio.com'),
  EMAIL_PROVIDER: z.enum(['console', 'smtp']).default('console'),
  EMAIL_CONSOLE_IN_PRODUCTION: booleanFlag.default(false),
  EMAIL_DEV_OUTBOX: booleanFlag.default(false),
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, 'must be smtp://user:pass@host:port or smtps://user:pass@host:port')
    .optional(),
  EMAIL_FROM: z
    .string()
    .regex(
      /^([^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
      'must be an address such as SalomTV <no-reply@example.com>',
    )
    .optional(),
  OTP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  OTP_SENDS_PER_NUMBER_PER_HOUR: z.coerce.number().int().positive().default(5),
  OTP_SENDS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(20),
  OTP_WRONG_CODES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(30),
  /** Web-vitals reports per address and minute (viewers behind one shared address all report). */
  VITALS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** The providers payments go through, in the order the checkout offers them: demo, stripe, click. */
  PAYMENT_PROVIDERS: z
    .string()
    .transform((value) => value.split(',').map((name) => name.trim().toLowerCase()))
    .pipe(
      z
        .array(
          z.enum(CONFIGURABLE_PROVIDERS, {
            error: `each must be one of ${CONFIGURABLE_PROVIDERS.join(', ')}`,
          }),
        )
        .refine((names) => new Set(names).size === names.length, 'names a provider twice'),
    )
    .optional(),
  /** One provider alone: the same as PAYMENT_PROVIDERS with one name. */
  PAYMENT_PROVIDER: z.enum(CONFIGURABLE_PROVIDERS).optional(),
  /** Lets NODE_ENV=production keep the demo provider (its test cards buy plans): benchmarks and rehearsals only. */
  PAYMENT_DEMO_IN_PRODUCTION: booleanFlag.default(false),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be the webhook signing secret (whsec_…)')
    .optional(),
  CLICK_SERVICE_ID: z
    .string()
    .regex(/^\d{1,12}$/, "must be the service's number from Click's merchant cabinet")
    .optional(),
  CLICK_MERCHANT_ID: z
    .string()
    .regex(/^\d{1,12}$/, 'must be the merchant number from Click')
    .optional(),
  CLICK_SECRET_KEY: z.string().min(8, 'must be the secret key Click issued for the service').optional(),
  CLICK_MERCHANT_USER_ID: z
    .string()
    .regex(/^\d{1,12}$/, 'must be the merchant user number from Click')
    .optional(),
  CLICK_CHECKOUT_URL: z.url('must be the payment page host, such as https://my.click.uz').optional(),
  CLICK_API_URL: z.url('must be the Merchant API base, such as https://api.click.uz/v2/merchant').optional(),
  PAYME_MERCHANT_ID: z
    .string()
    .regex(/^[0-9a-f]{24}$/i, "must be the cash desk's id from Payme's merchant cabinet (24 hex digits)")
    .optional(),
  PAYME_KEY: z.string().min(8, "must be the cash desk's key from Payme's merchant cabinet").optional(),
  PAYME_TEST_KEY: z.string().min(8, "must be the cash desk's test key (Payme's sandbox)").optional(),
  PAYME_CHECKOUT_URL: z.url('must be the checkout host, such as https://checkout.paycom.uz').optional(),
  PAYME_API_URL: z
    .url('must be the Subscribe API address, such as https://checkout.paycom.uz/api')
    .optional(),
  PUBLIC_URL: z.url('must be the public address of the site, such as https://tv.example.com').optional(),
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(12),
  SESSION_REMEMBER_DAYS: z.coerce.number().int().positive().default(30),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  TOTP_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  REQUIRE_ADMIN_SECOND_FACTOR: booleanFlag.optional(),
  SECOND_FACTOR_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  TRUST_PROXY: booleanFlag.default(false),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(72),
  API_DOCS_PUBLIC: booleanFlag.optional(),
  LOG_BUFFER_KB: z.coerce.number().int().min(16).max(1_048_576).default(4096),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,200}$/, 'must be 24 to 200 printable characters without spaces')
    .optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  sqliteSynchronous: 'NORMAL' | 'FULL';
  backup: BackupSettings;
  /** PostgreSQL: the per-request reads go out as named prepared statements (off behind a pooler that drops them). */
  namedStatements: boolean;
  adminPhone: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  media: MediaSettings;
  smsProvider: 'console' | 'twilio';
  smsConsoleInProduction: boolean;
  /** Serve the console provider's outbox at /api/dev/sms-outbox (browser tests); never in production. */
  smsDevOutbox: boolean;
  twilio: TwilioSettings | undefined;
  emailProvider: 'console' | 'smtp';
  /** Serve the console provider's mails at /api/dev/email-outbox (browser tests); never in production. */
  emailDevOutbox: boolean;
  /** The SMTP server and sender, present when EMAIL_PROVIDER=smtp. */
  smtp: SmtpSettings | undefined;
  otpSecret: string | undefined;
  otpSendsPerNumberPerHour: number;
  otpSendsPerAddressPerHour: number;
  /** Code checks from one address per hour that were not approved, across all numbers. */
  otpWrongCodesPerAddressPerHour: number;
  vitalsPerAddressPerMinute: number;
  /** The providers payments go through, in the checkout's order (PAYMENT_PROVIDERS; demo by default). */
  paymentProviders: readonly ConfigurableProvider[];
  /** Stripe's keys, present when stripe is among the providers. */
  stripe: StripeSettings | undefined;
  /** Click's service, present when click is among the providers (the CLICK_* group). */
  click: ClickSettings | undefined;
  /** Payme's cash desk, present when PAYME_MERCHANT_ID is set. */
  payme: PaymeSettings | undefined;
  /** How often renewals due are charged, and stale checkouts and Payme transactions swept. */
  billingTimerSeconds: number;
  /** The site's public address (no trailing slash), for links sent outside: payment provider redirects. */
  publicUrl: string;
  sessionTtlHours: number;
  sessionRememberDays: number;
  loginMaxFailures: number;
  loginWindowMinutes: number;
  secondFactor: SecondFactorSettings;
  trustProxy: boolean;
  /** How long a client may take to send its request, and to stay silent on a connection. */
  httpTimeouts: HttpTimeouts;
  /** /api/docs for everyone (development) or for administrators only (production). */
  apiDocsPublic: boolean;
  /** Rate limits and one-time-code counters in Redis instead of the database (optional). */
  redisUrl: string | undefined;
  logLevel: string;
  /** Log bytes held in memory while the log reader is not reading; past it, lines are dropped and counted. */
  logBufferBytes: number;
  webDist: string | undefined;
  /** Prometheus metrics: off (undefined) unless METRICS_TOKEN is set. */
  metrics: MetricsSettings | undefined;
};

/** `GET /metrics`, asked for with `Authorization: Bearer <token>`. */
export interface MetricsSettings {
  token: string;
  /** A port of its own for the metrics (the API's port then has no /metrics at all); undefined: the API's port. */
  port: number | undefined;
  /** The address that port is bound to (a private one: 127.0.0.1 unless told). */
  host: string;
}

/** Where backups go, when the service takes them and how many it keeps (README, Backups and restore). */
export interface BackupSettings {
  /** The folder of the archives the service takes (outside the media folder: backups are not backed up). */
  dir: string;
  /** The time of day (server's time zone) of the daily backup; null: no scheduled backups. */
  time: { hour: number; minute: number } | null;
  /** Successful archives kept; older ones are deleted after each backup. */
  keep: number;
  /** The folder of pg_dump and pg_restore (PostgreSQL); unset: found on PATH. */
  pgBinDir: string | undefined;
}

/** Seconds (REQUEST 0: no limit on the whole request). */
export interface HttpTimeouts {
  /** The request line and headers must arrive within this (slowloris). */
  headersSeconds: number;
  /** The whole request, headers and body, must arrive within this. */
  requestSeconds: number;
  /** A connection on which nothing moves for this long is closed (a stalled body, a stalled reader). */
  idleSeconds: number;
  /** An idle kept-alive connection between requests is closed after this. */
  keepAliveSeconds: number;
}

export interface SecondFactorSettings {
  /** Seals TOTP secrets and keys recovery-code HMACs; outside production a random one is kept in DATA_DIR. */
  encryptionKey: string | undefined;
  /** REQUIRE_ADMIN_SECOND_FACTOR: set, it overrides the admins' own setting of the policy. */
  requireForAdmins: boolean | undefined;
  /** Wrong second steps per account in LOGIN_WINDOW_MINUTES before it must wait. */
  maxFailures: number;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string | undefined;
  messagingServiceSid: string | undefined;
  apiBase: string;
}

export interface SmtpSettings {
  /** smtp://user:pass@host:port or smtps://… (nodemailer reads it). */
  url: string;
  /** The From of every mail. */
  from: string;
}

/** Uploads, transcoding jobs and streaming. */
export interface MediaSettings {
  maxVideoBytes: number;
  /** HMAC key of stream URLs; when unset a random one is kept in DATA_DIR/stream-secret. */
  streamSigningSecret: string | undefined;
  streamUrlTtlSeconds: number;
  /** When set, segments are handed to nginx with X-Accel-Redirect under this internal prefix. */
  accelRedirectPrefix: string | undefined;
  /** Bytes of media files kept in memory for the signed-URL path (0: none). */
  memoryCacheBytes: number;
  workerInProcess: boolean;
  workerPollMs: number;
  jobMaxAttempts: number;
  jobRetryBaseSeconds: number;
  /** db: rows of our database (SQLite default); pgboss: pg-boss on PostgreSQL (the default there). */
  jobQueue: 'db' | 'pgboss';
  /** A running job whose worker stops renewing it for this long goes to another worker. */
  jobLeaseSeconds: number;
  /** local: DATA_DIR/media; s3: an S3-compatible bucket. */
  storage: 'local' | 's3';
  s3: S3Settings | undefined;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  publicUrl: string;
}

/** Click's SHOP API (it calls us) and Merchant API (we call it), for one service of one merchant. */
export interface ClickSettings {
  serviceId: string;
  merchantId: string;
  /** Signs Click's calls to us (MD5 sign_string) and ours to Click (the Auth header's SHA1). */
  secretKey: string;
  merchantUserId: string;
  /** The payment page's host, no trailing slash. */
  checkoutUrl: string;
  /** The Merchant API's base, no trailing slash. */
  apiUrl: string;
  publicUrl: string;
}

/** Payme's Merchant API (it calls us) and Subscribe API (we call it), for one cash desk. */
export interface PaymeSettings {
  merchantId: string;
  /** The keys Payme's calls may carry (`Basic Paycom:<key>`): the cash desk's key, and the sandbox's when set. */
  keys: string[];
  /** The checkout host, no trailing slash. */
  checkoutUrl: string;
  /** The Subscribe API's address, no trailing slash. */
  apiUrl: string;
  publicUrl: string;
}

export class ConfigError extends Error {}

/**
 * Payme is on when PAYMENT_PROVIDERS names it, and then needs its cash desk's id and a key; a key or host without
 * the id stops the start.
 */
function paymeSettings(
  e: z.infer<typeof envSchema>,
  providers: readonly ConfigurableProvider[],
  publicUrl: string,
): PaymeSettings | undefined {
  const others = ['PAYME_KEY', 'PAYME_TEST_KEY', 'PAYME_CHECKOUT_URL', 'PAYME_API_URL'] as const;
  const enabled = providers.includes('payme');
  if (e.PAYME_MERCHANT_ID === undefined) {
    const set = others.filter((name) => e[name] !== undefined);
    if (enabled)
      throw new ConfigError('Invalid setting PAYME_MERCHANT_ID: required when PAYMENT_PROVIDERS names payme');
    if (set.length > 0)
      throw new ConfigError(
        `Invalid setting PAYME_MERCHANT_ID: required with ${set.join(', ')} (Payme's settings go together)`,
      );
    return undefined;
  }
  const keys = [e.PAYME_KEY, e.PAYME_TEST_KEY].filter((key): key is string => key !== undefined);
  if (keys.length === 0)
    throw new ConfigError('Invalid setting PAYME_KEY: required with PAYME_MERCHANT_ID (or PAYME_TEST_KEY)');
  if (!enabled) return undefined;
  return {
    merchantId: e.PAYME_MERCHANT_ID,
    keys,
    checkoutUrl: (e.PAYME_CHECKOUT_URL ?? 'https://checkout.paycom.uz').replace(/\/+$/, ''),
    apiUrl: (e.PAYME_API_URL ?? 'https://checkout.paycom.uz/api').replace(/\/+$/, ''),
    publicUrl,
  };
}

/**
 * PAYMENT_PROVIDERS, else PAYMENT_PROVIDER, else demo. Production refuses the demo provider: its test cards would
 * buy real access (PAYMENT_DEMO_IN_PRODUCTION=true keeps it for benchmarks).
 */
function paymentProviders(e: z.infer<typeof envSchema>): ConfigurableProvider[] {
  if (
    e.PAYMENT_PROVIDERS &&
    e.PAYMENT_PROVIDER &&
    !(e.PAYMENT_PROVIDERS.length === 1 && e.PAYMENT_PROVIDERS[0] === e.PAYMENT_PROVIDER)
  )
    throw new ConfigError(
      'Invalid setting PAYMENT_PROVIDER: set PAYMENT_PROVIDERS alone (it names every provider)',
    );
  const names = e.PAYMENT_PROVIDERS ?? [e.PAYMENT_PROVIDER ?? 'demo'];
  if (names.includes('demo') && e.NODE_ENV === 'production' && !e.PAYMENT_DEMO_IN_PRODUCTION)
    throw new ConfigError(
      'Invalid setting PAYMENT_PROVIDERS: the demo provider takes test cards, so production refuses it; name payme, click or stripe (or set PAYMENT_DEMO_IN_PRODUCTION=true)',
    );
  return names;
}

const CLICK_REQUIRED = [
  'CLICK_SERVICE_ID',
  'CLICK_MERCHANT_ID',
  'CLICK_SECRET_KEY',
  'CLICK_MERCHANT_USER_ID',
] as const;

/**
 * Click's settings, required when click is among the providers; a half-set group (one id missing, a host alone)
 * stops the start either way.
 */
function clickSettings(
  e: z.infer<typeof envSchema>,
  providers: readonly ConfigurableProvider[],
  publicUrl: string,
): ClickSettings | undefined {
  const group = [...CLICK_REQUIRED, 'CLICK_CHECKOUT_URL', 'CLICK_API_URL'] as const;
  const set = group.filter((name) => e[name] !== undefined);
  const enabled = providers.includes('click');
  if (set.length === 0 && !enabled) return undefined;
  const missing = CLICK_REQUIRED.find((name) => e[name] === undefined);
  if (missing)
    throw new ConfigError(
      enabled
        ? `Invalid setting ${missing}: required when PAYMENT_PROVIDERS names click`
        : `Invalid setting ${missing}: required with ${set.join(', ')} (Click's settings go together)`,
    );
  if (!enabled) return undefined;
  return {
    serviceId: e.CLICK_SERVICE_ID!,
    merchantId: e.CLICK_MERCHANT_ID!,
    secretKey: e.CLICK_SECRET_KEY!,
    merchantUserId: e.CLICK_MERCHANT_USER_ID!,
    checkoutUrl: (e.CLICK_CHECKOUT_URL ?? 'https://my.click.uz').replace(/\/+$/, ''),
    apiUrl: (e.CLICK_API_URL ?? 'https://api.click.uz/v2/merchant').replace(/\/+$/, ''),
    publicUrl,
  };
}

/** The providers and the settings of each one listed. */
function paymentSettings(e: z.infer<typeof envSchema>, publicUrl: string) {
  const providers = paymentProviders(e);
  return {
    paymentProviders: providers,
    stripe: stripeSettings(e, providers, publicUrl),
    click: clickSettings(e, providers, publicUrl),
    payme: paymeSettings(e, providers, publicUrl),
  };
}

/** Stripe needs its secret key and the webhook signing secret; the demo provider needs nothing. */
function stripeSettings(
  e: z.infer<typeof envSchema>,
  providers: readonly ConfigurableProvider[],
  publicUrl: string,
): StripeSettings | undefined {
  if (!providers.includes('stripe')) return undefined;
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!e[name])
      throw new ConfigError(`Invalid setting ${name}: required when PAYMENT_PROVIDERS names stripe`);
  }
  return { secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, publicUrl };
}

/** The SMS provider's settings: twilio needs its account; console is for development unless allowed. */
function smsSettings(e: z.infer<typeof envSchema>): TwilioSettings | undefined {
  if (e.SMS_PROVIDER === 'console') {
    if (e.NODE_ENV === 'production' && !e.SMS_CONSOLE_IN_PRODUCTION) {
      throw new ConfigError(
        'Invalid setting SMS_PROVIDER: console only logs the codes; use twilio in production (or set SMS_CONSOLE_IN_PRODUCTION=true)',
      );
    }
    return undefined;
  }
  for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const) {
    if (!e[name]) throw new ConfigError(`Invalid setting ${name}: required when SMS_PROVIDER=twilio`);
  }
  if (!e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID) {
    throw new ConfigError(
      'Invalid setting TWILIO_FROM: set it or TWILIO_MESSAGING_SERVICE_SID when SMS_PROVIDER=twilio',
    );
  }
  return {
    accountSid: e.TWILIO_ACCOUNT_SID!,
    authToken: e.TWILIO_AUTH_TOKEN!,
    from: e.TWILIO_FROM,
    messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
    apiBase: e.TWILIO_API_BASE.replace(/\/+$/, ''),
  };
}

/** The email provider's settings: smtp needs its server and sender; console is for development unless allowed. */
function emailSettings(e: z.infer<typeof envSchema>): SmtpSettings | undefined {
  if (e.EMAIL_PROVIDER === 'console') {
    if (e.NODE_ENV === 'production' && !e.EMAIL_CONSOLE_IN_PRODUCTION) {
      throw new ConfigError(
        'Invalid setting EMAIL_PROVIDER: console only logs the mails; use smtp in production (or set EMAIL_CONSOLE_IN_PRODUCTION=true)',
      );
    }
    return undefined;
  }
  for (const name of ['SMTP_URL', 'EMAIL_FROM'] as const) {
    if (!e[name]) throw new ConfigError(`Invalid setting ${name}: required when EMAIL_PROVIDER=smtp`);
  }
  return { url: e.SMTP_URL!, from: e.EMAIL_FROM! };
}

/** pg-boss needs PostgreSQL; it is the default there. */
function jobQueueSetting(e: z.infer<typeof envSchema>): 'db' | 'pgboss' {
  if (e.JOB_QUEUE === 'pgboss' && !e.DATABASE_URL)
    throw new ConfigError('Invalid setting JOB_QUEUE: pgboss needs DATABASE_URL (PostgreSQL)');
  return e.JOB_QUEUE ?? (e.DATABASE_URL ? 'pgboss' : 'db');
}

/** The bucket's settings, required when STORAGE=s3. */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  if (e.STORAGE !== 's3') return undefined;
  if (!e.S3_BUCKET) throw new ConfigError('Invalid setting S3_BUCKET: required when STORAGE=s3');
  return {
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    cdnBaseUrl: e.MEDIA_CDN_URL?.replace(/\/+$/, ''),
  };
}

/**
 * Metrics are on only with their token: a separate port without one would hand the figures to anyone who reaches it,
 * so METRICS_PORT (or METRICS_HOST) without METRICS_TOKEN stops the start.
 */
function metricsSettings(e: z.infer<typeof envSchema>): MetricsSettings | undefined {
  if (!e.METRICS_TOKEN) {
    for (const name of ['METRICS_PORT', 'METRICS_HOST'] as const) {
      if (e[name] !== undefined)
        throw new ConfigError(`Invalid setting ${name}: needs METRICS_TOKEN (metrics are off without it)`);
    }
    return undefined;
  }
  if (e.METRICS_HOST !== undefined && e.METRICS_PORT === undefined)
    throw new ConfigError('Invalid setting METRICS_HOST: needs METRICS_PORT (the address of that port)');
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT)
    throw new ConfigError('Invalid setting METRICS_PORT: must differ from PORT (leave it unset to use PORT)');
  return { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST ?? '127.0.0.1' };
}

/** The backup folder may not be the media folder or inside it (each archive would hold the ones before it). */
function backupSettings(e: z.infer<typeof envSchema>, dataDir: string, mediaDir: string): BackupSettings {
  const dir = e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups');
  if (dir === mediaDir || dir.startsWith(mediaDir + path.sep))
    throw new ConfigError(`Invalid setting BACKUP_DIR: must be outside the media folder ${mediaDir}`);
  const [hour, minute] = e.BACKUP_TIME === 'off' ? [] : e.BACKUP_TIME.split(':').map(Number);
  return {
    dir,
    time: hour === undefined || minute === undefined ? null : { hour, minute },
    keep: e.BACKUP_KEEP,
    pgBinDir: e.PG_BIN_DIR,
  };
}

/** Sealed secrets must survive restarts and live outside the database: production names the key. */
function secondFactorSettings(e: z.infer<typeof envSchema>): SecondFactorSettings {
  if (e.NODE_ENV === 'production' && !e.TOTP_ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid setting TOTP_ENCRYPTION_KEY: required with NODE_ENV=production (at least 32 random characters)',
    );
  }
  return {
    encryptionKey: e.TOTP_ENCRYPTION_KEY,
    requireForAdmins: e.REQUIRE_ADMIN_SECOND_FACTOR,
    maxFailures: e.SECOND_FACTOR_MAX_FAILURES,
  };
}

function httpTimeouts(e: z.infer<typeof envSchema>): HttpTimeouts {
  if (e.REQUEST_TIMEOUT_SECONDS > 0 && e.REQUEST_TIMEOUT_SECONDS < e.HEADERS_TIMEOUT_SECONDS)
    throw new ConfigError(
      'Invalid setting REQUEST_TIMEOUT_SECONDS: must be 0 or at least HEADERS_TIMEOUT_SECONDS',
    );
  return {
    headersSeconds: e.HEADERS_TIMEOUT_SECONDS,
    requestSeconds: e.REQUEST_TIMEOUT_SECONDS,
    idleSeconds: e.IDLE_TIMEOUT_SECONDS,
    keepAliveSeconds: e.KEEP_ALIVE_TIMEOUT_SECONDS,
  };
}

/** Reads every setting once from the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    // Secrets are never echoed into logs.
    const shown = /PASSWORD|TOKEN|SECRET|SMTP_URL|ENCRYPTION_KEY|_KEY$/.test(name)
      ? 'a hidden value'
      : JSON.stringify(present[name]);
    throw new ConfigError(`Invalid setting ${name}: ${issue.message} (got ${shown})`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const mediaDir = path.join(dataDir, 'media');
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    mediaDir,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
    backup: backupSettings(e, dataDir, mediaDir),
    namedStatements: e.DATABASE_NAMED_STATEMENTS,
    adminPhone: e.ADMIN_PHONE,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    media: {
      maxVideoBytes: e.MAX_VIDEO_BYTES,
      streamSigningSecret: e.STREAM_SIGNING_SECRET,
      streamUrlTtlSeconds: e.STREAM_URL_TTL_SECONDS,
      accelRedirectPrefix: e.STREAM_ACCEL_REDIRECT_PREFIX,
      memoryCacheBytes: e.MEDIA_MEMORY_CACHE_MB * 1024 * 1024,
      workerInProcess: e.WORKER_IN_PROCESS,
      workerPollMs: e.WORKER_POLL_MS,
      jobMaxAttempts: e.JOB_MAX_ATTEMPTS,
      jobRetryBaseSeconds: e.JOB_RETRY_BASE_SECONDS,
      jobQueue: jobQueueSetting(e),
      jobLeaseSeconds: e.JOB_LEASE_SECONDS,
      storage: e.STORAGE,
      s3: s3Settings(e),
    },
    redisUrl: e.REDIS_URL,
    smsProvider: e.SMS_PROVIDER,
    smsConsoleInProduction: e.SMS_CONSOLE_IN_PRODUCTION,
    smsDevOutbox: e.SMS_DEV_OUTBOX,
    twilio: smsSettings(e),
    emailProvider: e.EMAIL_PROVIDER,
    emailDevOutbox: e.EMAIL_DEV_OUTBOX,
    smtp: emailSettings(e),
    otpSecret: e.OTP_SECRET,
    otpSendsPerNumberPerHour: e.OTP_SENDS_PER_NUMBER_PER_HOUR,
    otpSendsPerAddressPerHour: e.OTP_SENDS_PER_ADDRESS_PER_HOUR,
    otpWrongCodesPerAddressPerHour: e.OTP_WRONG_CODES_PER_ADDRESS_PER_HOUR,
    vitalsPerAddressPerMinute: e.VITALS_PER_ADDRESS_PER_MINUTE,
    ...paymentSettings(e, publicUrl),
    billingTimerSeconds: e.BILLING_TIMER_SECONDS,
    publicUrl,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionRememberDays: e.SESSION_REMEMBER_DAYS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
    secondFactor: secondFactorSettings(e),
    trustProxy: e.TRUST_PROXY,
    httpTimeouts: httpTimeouts(e),
    apiDocsPublic: e.API_DOCS_PUBLIC ?? e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    logBufferBytes: e.LOG_BUFFER_KB * 1024,
    webDist: e.WEB_DIST,
    metrics: metricsSettings(e),
  };
}
