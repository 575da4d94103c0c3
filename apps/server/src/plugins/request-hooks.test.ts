import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp, TestClient } from '../test/harness.js';
import { cachedPing } from './cached-ping.js';
import { SECURITY_HEADERS } from './security-headers.js';

/** The per-request hooks, made cheap for the benchmark, still answer exactly as the security rules say. */
describe('per-request hooks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends every security header on answers, refusals and unknown addresses', async () => {
    const responses = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-call' }),
      await t.app.inject({ method: 'POST', url: '/api/user/logout' }),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 401, 404, 403]);
    for (const response of responses) {
      for (const [name, value] of SECURITY_HEADERS) expect(response.headers[name.toLowerCase()]).toBe(value);
    }
    expect(responses[0]!.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('gives each new visitor its own CSRF cookie with the same attributes, and keeps a valid one', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    const second = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = (r: typeof first) => String(r.headers['set-cookie']);
    expect(cookie(first)).toMatch(/^XSRF-TOKEN=[\w-]{43}; Path=\/; SameSite=Lax$/);
    expect(cookie(first)).not.toBe(cookie(second));
    const token = cookie(first).split(';')[0]!.split('=')[1]!;
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { cookie: `XSRF-TOKEN=${token}` },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
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
});
