import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for SQLite)')
    .optional(),
  SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('FULL'),
  ADMIN_PHONE: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: booleanFlag.default(true),
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  SMS_PROVIDER: z.enum(['console', 'twilio']).default('console'),
  PAYMENT_PROVIDER: z.enum(['demo', 'stripe']).default('demo'),
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(12),
  SESSION_REMEMBER_DAYS: z.coerce.number().int().positive().default(30),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  TRUST_PROXY: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  sqliteSynchronous: 'NORMAL' | 'FULL';
  adminPhone: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  smsProvider: 'console' | 'twilio';
  paymentProvider: 'demo' | 'stripe';
  sessionTtlHours: number;
  sessionRememberDays: number;
  loginMaxFailures: number;
  loginWindowMinutes: number;
  trustProxy: boolean;
  logLevel: string;
  webDist: string | undefined;
};

export class ConfigError extends Error {}

/** Reads every setting once from the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid setting ${name}: ${issue.message} (got ${JSON.stringify(present[name])})`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
    adminPhone: e.ADMIN_PHONE,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    smsProvider: e.SMS_PROVIDER,
    paymentProvider: e.PAYMENT_PROVIDER,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionRememberDays: e.SESSION_REMEMBER_DAYS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
  };
}
