import { type ChildProcess, execFileSync, type StdioOptions, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dropSchemas, whileMigrating } from '../../scale/test-schemas.js';
import { ADMIN_PASSWORD, ADMIN_PHONE } from '../harness.js';
import { mediaEnv } from '../media-kit.js';

/**
 * The built server as a real child process, for the fault tests: kill -9, SIGTERM, restarts over the same data
 * folder and database (SQLite, or a PostgreSQL schema of its own when TEST_DATABASE_URL is set). It runs as
 * `npm start` runs it: the bundle (brought up to date by server-bundle-setup.ts) through its runner, with the same
 * Node flags.
 */
const scripts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../scripts');
const fromScript = async <T>(file: string): Promise<T> =>
  (await import(pathToFileURL(path.join(scripts, file)).href)) as T;
// The bundle, its runner and the Node flags, from the scripts `npm start` runs them with.
const { SERVER_BUNDLE, SERVER_BUNDLE_RUNNER } = await fromScript<{
  SERVER_BUNDLE: string;
  SERVER_BUNDLE_RUNNER: string;
}>('server-bundle.mjs');
const { SERVER_NODE_FLAGS } = await fromScript<{ SERVER_NODE_FLAGS: string[] }>('server-node-flags.mjs');
export const serverBundle = SERVER_BUNDLE;

/** A tiny HTTP client with cookies and the CSRF header, like a browser talking to the real process. */
export class ProcessClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async call(
    method: string,
    url: string,
    body?: BodyInit,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const sent: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...headers,
    };
    if (this.cookies.has('XSRF-TOKEN')) sent['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    const response = await fetch(`${this.base}${url}`, { method, headers: sent, ...(body ? { body } : {}) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  json(method: string, url: string, value?: unknown): Promise<Response> {
    return this.call(
      method,
      url,
      value === undefined ? undefined : JSON.stringify(value),
      value === undefined ? {} : { 'content-type': 'application/json' },
    );
  }

  async signIn(phone = ADMIN_PHONE, password = ADMIN_PASSWORD): Promise<void> {
    if (!this.cookies.has('XSRF-TOKEN')) await this.call('GET', '/api/csrf');
    const response = await this.json('POST', '/api/user/login', { phone_number: phone, password });
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The ffmpeg processes whose parent is `pid`. */
export function ffmpegChildren(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid), 'ffmpeg'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/**
 * One data folder (and, on PostgreSQL, one schema) that server processes are started over, one after another.
 * `stop()` kills whatever still runs and removes the folder and the schema.
 */
export class ServerFixture {
  readonly workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-fault-'));
  readonly dataDir = path.join(this.workDir, 'data');
  readonly databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  readonly pgSchema = this.databaseUrl
    ? `t_fault_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
    : undefined;
  readonly children: ChildProcess[] = [];
  port = 0;

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits until it answers its health check; its output goes nowhere unless `stdio` says. */
  async start(
    env: Record<string, string> = {},
    options: { stdio?: StdioOptions } = {},
  ): Promise<ChildProcess> {
    if (!fs.existsSync(serverBundle)) throw new Error(`${serverBundle} is missing: run tsc -b first`);
    if (!this.port) this.port = await freePort();
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE_RUNNER, serverBundle], {
      env: {
        ...process.env,
        ...mediaEnv(),
        NODE_ENV: 'test',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        DATABASE_URL: this.databaseUrl ?? '',
        DATABASE_SCHEMA: this.pgSchema ?? '',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        ADMIN_PHONE,
        ADMIN_PASSWORD,
        ...env,
      },
      stdio: options.stdio ?? 'ignore',
    });
    this.children.push(child);
    // The process migrates the schema while it starts.
    await whileMigrating(this.databaseUrl, () =>
      until(
        'the server to answer',
        async () => {
          if (child.exitCode !== null) throw new Error('the server exited');
          return (await fetch(`${this.base}/api/health`)).ok ? true : undefined;
        },
        60_000,
      ),
    );
    return child;
  }

  async kill9(child: ChildProcess): Promise<void> {
    child.kill('SIGKILL');
    await exited(child);
  }

  async stop(): Promise<void> {
    for (const child of this.children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    // pg-boss, the job queue on PostgreSQL, keeps its tables in a schema beside ours.
    if (this.databaseUrl && this.pgSchema)
      await dropSchemas(this.databaseUrl, this.pgSchema, `${this.pgSchema}_boss`);
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }
}
