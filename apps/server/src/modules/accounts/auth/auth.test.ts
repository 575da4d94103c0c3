import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_PHONE,
  createTestApp,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';

describe('sign-in, sessions and roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: '3' });
  });
  afterAll(() => t.close());

  it('signs an admin in with the right password and answers the plain role string', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/user/login', {
      phone_number: ADMIN_PHONE,
      password: ADMIN_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('admin');
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect((await client.get('/api/user/role')).json()).toEqual([{ role: 'admin' }]);
  });

  it('accepts the phone number in other common forms', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/user/login', {
      phone_number: '998 90 000 00 01',
      password: ADMIN_PASSWORD,
    });
    expect(response.body).toBe('admin');
  });

  it('answers a viewer with "user"', async () => {
    const viewer = await signedInViewer(t.app, '+998901234500', 'viewer-pass-1');
    expect((await viewer.get('/api/user/role')).json()).toEqual([{ role: 'user' }]);
    expect((await viewer.get('/api/user/me')).json()).toMatchObject({
      role: 'user',
      phone_number: '+998901234500',
    });
  });

  it('gives the same 401 for a wrong password and an unknown number', async () => {
    const client = new TestClient(t.app);
    const wrong = await client.post('/api/user/login', {
      phone_number: '+998901234500',
      password: 'nope-nope',
    });
    const unknown = await client.post('/api/user/login', {
      phone_number: '+998909999999',
      password: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('wrong_credentials');
    expect(wrong.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('refuses a bad body with field messages', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/user/login', { phone_number: '', password: '', role: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({ role: 'Unknown field' });
  });

  it('rate-limits repeated failures for one number with 429 and Retry-After, then lets it in after the window', async () => {
    const phone = '+998901234577';
    await signedInViewer(t.app, phone, 'right-pass-1');
    const client = new TestClient(t.app);
    for (let i = 0; i < 3; i++) {
      expect(
        (await client.post('/api/user/login', { phone_number: phone, password: `wrong-${i}` })).statusCode,
      ).toBe(401);
    }
    const blocked = await client.post('/api/user/login', { phone_number: phone, password: 'right-pass-1' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(16 * 60_000);
    expect(
      (await client.post('/api/user/login', { phone_number: phone, password: 'right-pass-1' })).body,
    ).toBe('user');
  });

  it('rotates the session id at sign-in and ends it at logout', async () => {
    const client = new TestClient(t.app);
    await client.signIn(ADMIN_PHONE, ADMIN_PASSWORD);
    const first = client.cookies.get('sid');
    await client.signIn(ADMIN_PHONE, ADMIN_PASSWORD);
    const second = client.cookies.get('sid');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    // The replaced session no longer works.
    const stale = new TestClient(t.app);
    stale.cookies.set('sid', first!);
    expect((await stale.get('/api/user/role')).statusCode).toBe(401);

    const logout = await client.get('/api/user/logout');
    expect(logout.statusCode).toBe(200);
    const reused = new TestClient(t.app);
    reused.cookies.set('sid', second!);
    expect((await reused.get('/api/user/role')).statusCode).toBe(401);
  });

  it('needs the CSRF header to sign out or sign in', async () => {
    const client = new TestClient(t.app);
    await client.signIn(ADMIN_PHONE, ADMIN_PASSWORD);
    const logout = await client.get('/api/user/logout', { csrf: false });
    expect(logout.statusCode).toBe(403);
    expect(logout.json().error.code).toBe('csrf_failed');
    expect((await client.get('/api/user/role')).statusCode).toBe(200);
    const login = await client.post(
      '/api/user/login',
      { phone_number: ADMIN_PHONE, password: ADMIN_PASSWORD },
      { csrf: false },
    );
    expect(login.statusCode).toBe(403);
  });

  it('expires sessions', async () => {
    const client = new TestClient(t.app);
    await client.signIn(ADMIN_PHONE, ADMIN_PASSWORD);
    t.clock.advance(13 * 3_600_000);
    expect((await client.get('/api/user/role')).statusCode).toBe(401);
  });

  it('keeps a remembered session for days, with a persistent cookie', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/user/login', {
      phone_number: ADMIN_PHONE,
      password: ADMIN_PASSWORD,
      remember_me: true,
    });
    expect(response.cookies.find((c) => c.name === 'sid')?.expires).toBeInstanceOf(Date);
    t.clock.advance(5 * 86_400_000);
    expect((await client.get('/api/user/role')).statusCode).toBe(200);
  });

  it('answers 401 to role and profile calls when signed out', async () => {
    const client = new TestClient(t.app);
    expect((await client.get('/api/user/role')).statusCode).toBe(401);
    expect((await client.get('/api/user/me')).json().error.code).toBe('unauthorized');
  });
});
