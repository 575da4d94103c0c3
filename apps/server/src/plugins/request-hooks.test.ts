import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp, TestClient } from '../test/harness.js';
import { cachedPing } from './cached-ping.js';
import { API_SECURITY_HEADERS, APP_ASSET_SECURITY_HEADERS, pageSecurityHeaders } from './security-headers.js';

/** A set as it goes out over plain HTTP: HSTS is for HTTPS answers only (RFC 6797, 7.2). */
const overHttp = (headers: typeof API_SECURITY_HEADERS) =>
  headers.filter(([name]) => name !== 'strict-transport-security');

/** The per-request hooks, made cheap for the benchmark, still answer exactly as the security rules say. */
describe('per-request hooks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends the strict API set on API answers, refusals and unknown API addresses', async () => {
    const responses = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-call' }),
      await t.app.inject({ method: 'POST', url: '/api/user/logout' }),
      await t.app.inject({ method: 'POST', url: '/api/language/get', payload: { keyword: 1 } }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 404, 403, 400]);
    for (const response of responses) {
      for (const [name, value] of overHttp(API_SECURITY_HEADERS)) expect(response.headers[name]).toBe(value);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      // A JSON answer shown as a page may load nothing and be framed by no one.
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('sends the API set on an answer the upload protocol writes itself', async () => {
    const admin = await signedInAdmin(t.app);
    // A tus HEAD for an upload that is not there (a well-formed id): tus writes the raw response (a hijacked reply).
    const response = await admin.request('HEAD', `/api/uploads/${'0'.repeat(32)}`, {
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['tus-resumable']).toBe('1.0.0');
    for (const [name, value] of overHttp(API_SECURITY_HEADERS)) expect(response.headers[name]).toBe(value);
  });

  it('sends the page set on pages, files and unknown addresses outside the API', async () => {
    fs.writeFileSync(path.join(t.dataDir, 'media', 'flags', 'hooks-test.txt'), 'flag');
    const responses = [
      await t.app.inject({ method: 'GET', url: '/media/flags/hooks-test.txt' }),
      await t.app.inject({ method: 'GET', url: '/media/flags/none.png' }),
      await t.app.inject({ method: 'GET', url: '/no-such-file.txt' }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 404, 404]);
    for (const response of responses) {
      for (const [name, value] of overHttp(pageSecurityHeaders())) expect(response.headers[name]).toBe(value);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    }
  });

  it("sends the app's scripts and styles only the headers a subresource uses; its pages and worker keep the page set", async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-web-'));
    fs.mkdirSync(path.join(webDist, 'static/js'), { recursive: true });
    fs.mkdirSync(path.join(webDist, 'static/css'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    fs.writeFileSync(path.join(webDist, 'static/js/index-1.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'static/css/index-1.css'), 'body{}');
    const withApp = await createTestApp({ WEB_DIST: webDist });
    try {
      for (const url of ['/static/js/index-1.js', '/static/css/index-1.css', '/static/js/none-1.js']) {
        const response = await withApp.app.inject({ url });
        expect(response.statusCode, url).toBe(url.includes('none') ? 404 : 200);
        for (const [name, value] of overHttp(APP_ASSET_SECURITY_HEADERS))
          expect(response.headers[name], url).toBe(value);
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.headers['content-security-policy'], url).toBeUndefined();
        expect(response.headers['x-frame-options'], url).toBeUndefined();
      }
      for (const url of ['/home', '/sw.js']) {
        const response = await withApp.app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        for (const [name, value] of overHttp(pageSecurityHeaders()))
          expect(response.headers[name], url).toBe(value);
      }
    } finally {
      await withApp.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('adds HSTS to both sets over HTTPS, as a trusted proxy reports it, and never over plain HTTP', async () => {
    const behindTls = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const https = { 'x-forwarded-proto': 'https' };
      const api = await behindTls.app.inject({ url: '/api/health', headers: https });
      const page = await behindTls.app.inject({ url: '/no-such-file.txt', headers: https });
      for (const [name, value] of API_SECURITY_HEADERS) expect(api.headers[name]).toBe(value);
      for (const [name, value] of pageSecurityHeaders()) expect(page.headers[name]).toBe(value);
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await behindTls.app.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindTls.close();
    }
    // Without a trusted proxy, a client's own X-Forwarded-Proto is not believed.
    const spoofed = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it("names a bucket or CDN in the page policy, for images, media and the player's requests only", () => {
    const policy = new Map(pageSecurityHeaders(['https://cdn.example']))
      .get('content-security-policy')!
      .split(';');
    for (const directive of ['img-src', 'media-src', 'connect-src'])
      expect(policy.find((d) => d.startsWith(directive))).toMatch(/ https:\/\/cdn\.example$/);
    expect(policy.find((d) => d.startsWith('script-src '))).toBe("script-src 'self' https://www.gstatic.com");
    expect(policy.find((d) => d.startsWith('default-src'))).toBe("default-src 'self'");
  });

  it('gives each new visitor its own CSRF cookie at /api/csrf, with the same attributes, and keeps a valid one', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/csrf' });
    const second = await t.app.inject({ method: 'GET', url: '/api/csrf' });
    expect([first.statusCode, second.statusCode]).toEqual([204, 204]);
    const cookie = (r: typeof first) => String(r.headers['set-cookie']);
    expect(cookie(first)).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Lax$/);
    expect(cookie(first)).not.toBe(cookie(second));
    expect(first.headers['cache-control']).toBe('private, no-store');
    const token = cookie(first).split(';')[0]!.split('=')[1]!;
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/csrf',
      headers: { cookie: `XSRF-TOKEN=${token}` },
    });
    expect(again.statusCode).toBe(204);
    expect(again.headers['set-cookie']).toBeUndefined();
    // Behind a trusted proxy that speaks HTTPS to the browser, the cookie is Secure.
    const behindTls = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const secure = await behindTls.app.inject({
        url: '/api/csrf',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(String(secure.headers['set-cookie'])).toMatch(
        /^XSRF-TOKEN=[\w-]{43}; Path=\/; Secure; SameSite=Lax$/,
      );
    } finally {
      await behindTls.close();
    }
  });

  it('hands no CSRF cookie with API reads and files, which a shared cache may then keep', async () => {
    fs.writeFileSync(path.join(t.dataDir, 'media', 'flags', 'cookie-test.txt'), 'flag');
    const answers = [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/plans' }),
      await t.app.inject({ url: '/media/flags/cookie-test.txt' }),
      await t.app.inject({ url: '/api/no-such-call' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 404]);
    for (const answer of answers) expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('hands no CSRF cookie to a call that changes or reads by POST, and refuses a change without one', async () => {
    const record = await t.app.inject({
      method: 'POST',
      url: '/api/language/get',
      payload: { keyword: 'en' },
    });
    expect(record.statusCode).toBe(200);
    expect(record.headers['set-cookie']).toBeUndefined();
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-xsrf-token': 'a'.repeat(43) },
      payload: { phone_number: 'x', password: 'y' },
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().error.code).toBe('csrf_failed');
    expect(change.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a call whose CSRF cookie was replaced, and signs in with the cookie it issued', async () => {
    const client = new TestClient(t.app);
    client.cookies.set('XSRF-TOKEN', 'short');
    const response = await client.post(
      '/api/user/login',
      { phone_number: 'x', password: 'y' },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    const admin = await signedInAdmin(t.app);
    expect(admin.cookies.get('sid')).toBeTruthy();
    expect(admin.cookies.get('XSRF-TOKEN')?.length).toBeGreaterThanOrEqual(40);
    expect((await admin.get('/api/admin/dashboard')).statusCode).toBe(200);
  });

  it('reads forms on the form routes only: a form sent to a JSON call is refused with 415', async () => {
    const admin = await signedInAdmin(t.app);
    const toJsonCall = await admin.postForm('/api/user/edit', { first_name: 'Form' });
    expect(toJsonCall.statusCode).toBe(415);
    expect(toJsonCall.json()).toEqual({
      error: { code: 'unsupported_type', message: 'This content type is not accepted' },
    });
    expect((await admin.get('/api/user/profile')).json().first_name).not.toBe('Form');
    // The same client's form reaches a form route, JSON a JSON route.
    const form = await admin.postForm('/api/posts', { title: 'Form post', body: 'Sent as a form' });
    expect(form.statusCode).toBe(201);
    const json = await admin.post('/api/posts', { title: 'JSON post', body: 'Sent as JSON' });
    expect(json.statusCode).toBe(201);
  });

  it('refuses a viewer route signed out and an admin route to a stale session cookie', async () => {
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie: 'sid=not-a-session' },
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.code).toBe('unauthorized');
  });
});

describe('cachedPing', () => {
  it('asks the database at most once a second while it answers, at once again after a failure', async () => {
    let calls = 0;
    let failing = false;
    const ping = cachedPing(async () => {
      calls++;
      if (failing) throw new Error('database down');
    }, 60_000);
    await Promise.all([ping(), ping(), ping()]);
    await ping();
    expect(calls).toBe(1);

    let fresh = 0;
    failing = true;
    const probe = cachedPing(async () => {
      fresh++;
      if (failing) throw new Error('database down');
    }, 60_000);
    await expect(probe()).rejects.toThrow('database down');
    await expect(probe()).rejects.toThrow('database down');
    failing = false;
    await probe();
    await probe();
    expect(fresh).toBe(3);
  });

  it('asks again once its success has aged past the kept age', async () => {
    let calls = 0;
    const ping = cachedPing(async () => {
      calls++;
    }, 30);
    await ping();
    expect(ping.isFresh()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(ping.isFresh()).toBe(false);
    await ping();
    expect(calls).toBe(2);
  });
});
