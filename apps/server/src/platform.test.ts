import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { createTestApp, signedInAdmin, signedInViewer, type TestApp, TestClient } from './test/harness.js';

describe('platform', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // A tiny stand-in build so the SPA serving rules can be checked without running Vite.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-web-'));
    fs.mkdirSync(path.join(webDist, 'static/js'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'static/js/index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('reports health after checking the database', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers unknown API paths with 404 JSON in the error format', async () => {
    const response = await t.app.inject({ url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not_found');
  });

  it('loads the app for deep links with index.html never cached', async () => {
    for (const url of ['/home', '/editlanguage', '/Home']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toContain('no-cache');
    }
  });

  it('serves hashed script chunks under /static/js/ with a long cache', async () => {
    const response = await t.app.inject({ url: '/static/js/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    // Files keep their validators: a browser revalidating one gets 304, with no private, no-store of the API's.
    const revalidated = await t.app.inject({
      url: '/static/js/index-abc123.js',
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).not.toContain('no-store');
    expect((await t.app.inject({ url: '/static/js/missing-1.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/favicon.svg' })).headers['content-type']).toContain('image/svg+xml');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ url: '/home' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    // HSTS is sent over HTTPS only (request-hooks.test.ts); this answer went over plain HTTP.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('hands out the XSRF-TOKEN cookie readable by the page', async () => {
    const response = await t.app.inject({ url: '/home' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value.length).toBeGreaterThan(20);
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('publishes the OpenAPI document built from the zod schemas', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(
      doc.paths['/api/language/get'].post.requestBody.content['application/json'].schema.properties.keyword,
    ).toBeDefined();
    expect(doc.paths['/api/user/login']).toBeDefined();
    expect((await t.app.inject({ url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('refuses oversized and malformed JSON with the error format, never a stack trace', async () => {
    const client = new TestClient(t.app);
    const big = await client.request('POST', '/api/user/login', {
      body: {
        payload: Buffer.from(`{"phone_number":"${'1'.repeat(2 * 1024 * 1024)}"}`),
        headers: { 'content-type': 'application/json' },
      },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('too_large');
    const broken = await client.request('POST', '/api/user/login', {
      body: { payload: Buffer.from('{"phone_number":'), headers: { 'content-type': 'application/json' } },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.body).not.toMatch(/at .+\.(js|ts):\d+/);
    expect(broken.body).not.toContain('/work/');
  });
});

describe('the API docs', () => {
  const production = {
    NODE_ENV: 'production',
    PAYMENT_DEMO_IN_PRODUCTION: 'true',
    SMS_CONSOLE_IN_PRODUCTION: 'true',
    EMAIL_CONSOLE_IN_PRODUCTION: 'true',
    TOTP_ENCRYPTION_KEY: 'a-test-key-that-seals-totp-secrets-1',
  };
  const docs = ['/api/docs/json', '/api/docs/', '/api/docs/static/index.html'];

  it('are open in production to administrators only', async () => {
    const t = await createTestApp(production);
    try {
      const viewer = await signedInViewer(t.app, '+998901250001');
      const admin = await signedInAdmin(t.app);
      for (const url of docs) {
        const anonymous = await t.app.inject({ url });
        expect(anonymous.statusCode, url).toBe(401);
        expect(anonymous.json().error.code).toBe('unauthorized');
        expect(anonymous.body).not.toContain('openapi');
        expect((await viewer.get(url)).statusCode, url).toBe(403);
        expect((await admin.get(url)).statusCode, url).not.toBeGreaterThanOrEqual(400);
      }
      expect((await admin.get('/api/docs/json')).json().paths['/api/user/login']).toBeDefined();
    } finally {
      await t.close();
    }
  });

  it('are open to everyone with API_DOCS_PUBLIC=true, and in development', async () => {
    for (const env of [{ ...production, API_DOCS_PUBLIC: 'true' }, { NODE_ENV: 'development' }]) {
      const t = await createTestApp(env);
      try {
        for (const url of docs) expect((await t.app.inject({ url })).statusCode, url).toBeLessThan(400);
      } finally {
        await t.close();
      }
    }
  });
});

describe('configuration', () => {
  it('names the variable of a bad value in one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid setting PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.httpTimeouts).toEqual({
      headersSeconds: 15,
      requestSeconds: 600,
      idleSeconds: 60,
      keepAliveSeconds: 72,
    });
    expect(config.apiDocsPublic).toBe(true);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PAYMENT_DEMO_IN_PRODUCTION: 'true',
        SMS_CONSOLE_IN_PRODUCTION: 'true',
        EMAIL_CONSOLE_IN_PRODUCTION: 'true',
        TOTP_ENCRYPTION_KEY: 'a-test-key-that-seals-totp-secrets-1',
      }).apiDocsPublic,
    ).toBe(false);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '30', REQUEST_TIMEOUT_SECONDS: '20' })).toThrow(
      /REQUEST_TIMEOUT_SECONDS/,
    );
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
  });
});

describe('the server process', () => {
  const mainJs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

  it('stops with one clear line when a setting is bad', async () => {
    const child = spawn(process.execPath, [mainJs], { env: { ...process.env, PORT: 'seventy' } });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Invalid setting PORT: .*"seventy"/);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('finishes an in-flight request on SIGTERM, refuses new ones and exits', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-sigterm-'));
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const child = spawn(process.execPath, [mainJs], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        ADMIN_PASSWORD: 'admin-pass-123',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      let up = false;
      for (let i = 0; i < 600 && !up; i++) {
        up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await new Promise((r) => setTimeout(r, 100));
      }
      expect(up).toBe(true);
      // Start a request and hold back half of its body while the server is told to stop.
      const body = JSON.stringify({ keyword: 'En' });
      const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/language/get',
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk) => {
              text += chunk;
            });
            response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
          },
        );
        request.on('error', reject);
        request.write(body.slice(0, 5));
        setTimeout(() => {
          child.kill('SIGTERM');
          setTimeout(() => request.end(body.slice(5)), 400);
        }, 200);
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const result = await answer;
      expect(result.status).toBe(200);
      expect(JSON.parse(result.text)[0].keyword).toBe('En');
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
