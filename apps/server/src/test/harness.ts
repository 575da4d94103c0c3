import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import type { AppInstance } from '../app-types.js';
import { loadConfig } from '../config.js';
import type { Clock } from '../lib/clock.js';
import { randomToken } from '../lib/tokens.js';
import { dropSchemas, whileMigrating } from '../scale/test-schemas.js';

export const ADMIN_PHONE = '+998900000001';
export const ADMIN_PASSWORD = 'admin-pass-123';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private current: Date;
  constructor(start = new Date('2026-06-01T10:00:00.000Z')) {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  app: AppInstance;
  clock: TestClock;
  dataDir: string;
  dialect: 'sqlite' | 'postgres';
  /** Settings that point another process (a CLI, a second server) at this app's database. */
  databaseEnv: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Builds and readies the app for a test over a data folder and, when TEST_DATABASE_URL is set, a PostgreSQL
 * schema, migrating it under the suites' shared lock (scale/test-schemas.ts). `env` adds or overrides settings.
 */
export async function buildTestApp(options: {
  dataDir: string;
  clock: Clock;
  pgSchema: string | undefined;
  env?: Record<string, string>;
}): Promise<AppInstance> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_PHONE,
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    // The suites move a test clock by hand, which pg-boss does not read: they use the row queue on both
    // databases (src/scale/** runs pg-boss).
    JOB_QUEUE: 'db',
    // A test clock moved by days would pass the daily backup's time: backups.test.ts runs the schedule itself.
    BACKUP_TIME: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const { clock, pgSchema } = options;
  const app = await whileMigrating(databaseUrl, () =>
    buildApp(config, { clock, ...(pgSchema ? { pgSchema } : {}) }),
  );
  await app.ready();
  return app;
}

/**
 * Builds the whole app on a fresh database: a temporary SQLite file, or, when TEST_DATABASE_URL is set,
 * a new PostgreSQL schema of its own (dropped at close), so suites can run side by side.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-test-'));
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const clock = new TestClock();
  const pgSchema = databaseUrl
    ? `t_${randomToken(8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}`
    : undefined;
  const app = await buildTestApp({ dataDir, clock, pgSchema, env });
  return {
    app,
    clock,
    dataDir,
    dialect: databaseUrl ? 'postgres' : 'sqlite',
    databaseEnv: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: pgSchema ?? '' },
    async close() {
      await app.close();
      if (databaseUrl && pgSchema) await dropSchemas(databaseUrl, pgSchema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface MultipartFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

/** Encodes a multipart/form-data body for `inject`. */
export function multipart(fields: Record<string, string | MultipartFile>): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----salomtv${randomToken(8)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/**
 * A browser-like client: keeps cookies between calls and sends the CSRF header the way the web app does.
 * `csrf: false` leaves the header out, to prove a call needs it. `address`: the client address its calls come
 * from (127.0.0.1 unless told).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly app: AppInstance,
    private readonly address?: string,
  ) {}

  async request(
    method: Method,
    url: string,
    options: {
      json?: unknown;
      body?: { payload: Buffer; headers: Record<string, string> };
      csrf?: boolean;
      headers?: Record<string, string>;
    } = {},
  ): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.primeCsrf();
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.csrf !== false) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | Buffer | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(options.json);
    } else if (options.body) {
      Object.assign(headers, options.body.headers);
      payload = options.body.payload;
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(this.address ? { remoteAddress: this.address } : {}),
    });
    this.storeCookies(response);
    return response;
  }

  get(url: string, options?: { csrf?: boolean; headers?: Record<string, string> }) {
    return this.request('GET', url, options);
  }
  post(url: string, json?: unknown, options: { csrf?: boolean } = {}) {
    return this.request('POST', url, { ...options, ...(json !== undefined ? { json } : {}) });
  }
  postForm(url: string, fields: Record<string, string | MultipartFile>, options: { csrf?: boolean } = {}) {
    return this.request('POST', url, { ...options, body: multipart(fields) });
  }
  delete(url: string, options: { csrf?: boolean } = {}) {
    return this.request('DELETE', url, options);
  }

  async signIn(phone: string, password: string): Promise<LightMyRequestResponse> {
    const response = await this.post('/api/user/login', { phone_number: phone, password });
    if (response.statusCode !== 200)
      throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    return response;
  }

  private async primeCsrf(): Promise<void> {
    const response = await this.app.inject({ method: 'GET', url: '/api/csrf' });
    this.storeCookies(response);
  }

  private storeCookies(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      // Cleared cookies come back with max-age 0 or a 1970 expiry (the test clock is not the browser's).
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() < 946_684_800_000);
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }
}

/** Lists every file under a folder (relative paths), to prove a refused request left nothing behind. */
export function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .sort();
}

export async function signedInAdmin(app: AppInstance): Promise<TestClient> {
  const client = new TestClient(app);
  await client.signIn(ADMIN_PHONE, ADMIN_PASSWORD);
  return client;
}

/**
 * A published title made through the admin API (`/api/movie/create`, then its details); its movie_id. It is
 * marked published in the database: the API publishes only a title with a ready video, and the suites that use
 * this are about what viewers see of titles, most of them without one.
 */
export async function publishedTitle(
  admin: TestClient,
  title: string,
  details: Record<string, unknown> = {},
): Promise<number> {
  const { movie_id } = (await admin.post('/api/movie/create')).json();
  const saved = await admin.post('/api/movie/details', { movie_id, title, ...details });
  if (saved.statusCode !== 200) throw new Error(`the title was not saved: ${saved.body}`);
  // A status among the details (draft, archived) is kept.
  if (details.status === undefined) await markPublished(admin.app, movie_id);
  return movie_id as number;
}

/** Marks a title published whatever its media (a fixture for suites about what viewers see of it). */
export async function markPublished(app: AppInstance, movieId: number): Promise<void> {
  await app.container.repos.titles.update(movieId, { status: 'published' });
}

/** A real PNG of the given size, made with sharp. */
export async function pngImage(width = 8, height = 6): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } } })
    .png()
    .toBuffer();
}

/** Adds a viewer account directly (the sign-up flow has its own tests) and returns a signed-in client. */
export async function signedInViewer(
  app: AppInstance,
  phone = '+998901112233',
  password = 'viewer-pass-1',
): Promise<TestClient> {
  const { hashPassword } = await import('../lib/passwords.js');
  const now = new Date().toISOString();
  await app.container.repos.users.insert({
    phone_number: phone,
    password_hash: await hashPassword(password),
    role: 'user',
    status: 'active',
    verified: 0,
    created_at: now,
    updated_at: now,
  });
  const client = new TestClient(app);
  await client.signIn(phone, password);
  return client;
}
