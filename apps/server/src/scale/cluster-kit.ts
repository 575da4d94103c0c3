import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomToken } from '../lib/tokens.js';
import { dropSchemas as dropTestSchemas, whileMigrating } from './test-schemas.js';

/** Helpers of the scale-out suite: real API and worker processes of the built server, over one database. */

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
export const MAIN_JS = path.join(dist, 'main.js');
export const WORKER_JS = path.join(dist, 'worker.js');

/** The suite runs against PostgreSQL only (scripts/test.mjs runs it when TEST_DATABASE_URL is set). */
export function requirePostgres(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('The scale-out suite needs TEST_DATABASE_URL (a PostgreSQL database)');
  return url;
}

/** A fresh schema name for one test file; `dropSchemas` removes it and pg-boss's beside it. */
export function freshSchema(): string {
  return `s_${randomToken(8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
}

export async function dropSchemas(databaseUrl: string, schema: string): Promise<void> {
  await dropTestSchemas(databaseUrl, `${schema}_boss`, schema);
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
  check: () => Promise<T | undefined | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const started = Date.now();
  let lastError: unknown;
  while (Date.now() - started < timeoutMs) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? ` (${String(lastError)})` : ''}`);
}

/** A browser against one process: cookies, and the CSRF header the web app sends. */
export class ProcessClient {
  readonly cookies = new Map<string, string>();
  constructor(public base: string) {}

  async call(
    method: string,
    url: string,
    options: {
      json?: unknown;
      body?: BodyInit;
      headers?: Record<string, string>;
      redirect?: RequestRedirect;
    } = {},
  ): Promise<Response> {
    if (!this.cookies.has('XSRF-TOKEN') && method !== 'GET') await this.call('GET', '/api/csrf');
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers,
      redirect: options.redirect ?? 'manual',
      ...(body !== undefined ? { body } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async signIn(phone: string, password: string): Promise<void> {
    const response = await this.call('POST', '/api/user/login', { json: { phone_number: phone, password } });
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  }
}

export interface RunningProcess {
  child: ChildProcess;
  /** Everything it wrote on stdout (JSON log lines). */
  output: string[];
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The warning and error lines a process logged, for a failed assertion's message. */
export function loggedProblems(process: RunningProcess): string {
  const problems = process.output.filter((line) => /"level":(40|50|60)/.test(line));
  return problems.length ? problems.join('\n') : '(nothing logged at warn or above)';
}

/** Starts `node <entry>` with the given settings; with a port, waits until /api/health answers. */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  port?: number,
): Promise<RunningProcess> {
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, ...env, ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    output.push(...lines);
  });
  const errors: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running: RunningProcess = {
    child,
    output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
  if (port) {
    // An API process migrates its schema while it starts.
    await whileMigrating(env.DATABASE_URL, () =>
      until(
        `the process on port ${port}`,
        async () => {
          if (child.exitCode !== null) throw new Error(`it exited: ${errors.join('')}`);
          return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
        },
        90_000,
      ),
    ).catch(async (error) => {
      await running.stop('SIGKILL');
      throw error;
    });
  }
  return running;
}

/** The JSON log lines of a process with a given message. */
export function logLines(processes: RunningProcess[], message: string): Record<string, unknown>[] {
  return processes.flatMap((p) =>
    p.output
      .filter((line) => line.includes(message))
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          return undefined;
        }
      })
      .filter((entry): entry is Record<string, unknown> => entry?.msg === message),
  );
}
