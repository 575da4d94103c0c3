import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_PHONE,
  createTestApp,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../test/harness.js';

const PUBLIC_URL = 'https://tv.example.com';

/** Another site's page may not make a signed-in browser change anything; the token belongs to one session. */
describe('CSRF: the site of the call and the session of the token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
  });
  afterAll(() => t.close());

  /** A state-changing call of a signed-in viewer, with its token: marks their notifications read. */
  const change = (client: TestClient, headers: Record<string, string> = {}) =>
    client.request('POST', '/api/notifications/read-all', { headers });

  it('refuses a call from another site by its Origin or Sec-Fetch-Site, with a valid token', async () => {
    const viewer = await signedInViewer(t.app, '+998901240001');
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost.evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const refused = await change(viewer, headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(refused.json().error.code).toBe('csrf_failed');
    }
    // Sign-in too: another site cannot sign a browser into an account of its choosing.
    const login = await new TestClient(t.app).request('POST', '/api/user/login', {
      json: { phone_number: ADMIN_PHONE, password: ADMIN_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(login.statusCode).toBe(403);
  });

  it("accepts the site's own calls: its Host, its public address, same-origin and same-site fetches", async () => {
    const viewer = await signedInViewer(t.app, '+998901240002');
    const sameSite: Record<string, string>[] = [
      {},
      // inject's Host is localhost:80; a browser leaves the default port out of Origin.
      { origin: 'http://localhost' },
      { origin: 'http://localhost:80' },
      // Behind a proxy that rewrites Host, the public address still counts.
      { origin: PUBLIC_URL },
      { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of sameSite) {
      expect((await change(viewer, headers)).statusCode, JSON.stringify(headers)).toBe(200);
    }
    // A read is never refused for its origin (a link from another site opens the page).
    expect(
      (await viewer.get('/api/user/role', { headers: { origin: 'https://evil.example' } })).statusCode,
    ).toBe(200);
  });

  it('replaces the token at sign-in: the one from before no longer works, the new one does', async () => {
    const browser = new TestClient(t.app);
    await browser.get('/api/csrf');
    const before = browser.cookies.get('XSRF-TOKEN')!;
    expect(before).toBeTruthy();
    const login = await browser.signIn(ADMIN_PHONE, ADMIN_PASSWORD);
    const after = browser.cookies.get('XSRF-TOKEN')!;
    expect(after).not.toBe(before);
    expect(String(login.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[^;]+; Path=\/; SameSite=Lax/);
    // The page keeps working with the cookie it was just given, without a reload.
    expect((await change(browser)).statusCode).toBe(200);
    // The old token, sent as both cookie and header with the new session, is refused.
    const sid = browser.cookies.get('sid')!;
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: `sid=${sid}; XSRF-TOKEN=${before}`, 'x-xsrf-token': before },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('csrf_failed');

    // Sign-out hands a fresh token of no session, which signs in again at once.
    expect((await browser.post('/api/user/logout')).statusCode).toBe(200);
    const signedOut = browser.cookies.get('XSRF-TOKEN')!;
    expect(signedOut).not.toBe(after);
    expect(signedOut).not.toContain('.');
    await browser.signIn(ADMIN_PHONE, ADMIN_PASSWORD);
    expect((await change(browser)).statusCode).toBe(200);
  });

  it("refuses another session's token, even when it comes as both cookie and header", async () => {
    const a = await signedInViewer(t.app, '+998901240003');
    const b = await signedInViewer(t.app, '+998901240004');
    const tokenOfA = a.cookies.get('XSRF-TOKEN')!;
    const sidOfB = b.cookies.get('sid')!;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: `sid=${sidOfB}; XSRF-TOKEN=${tokenOfA}`, 'x-xsrf-token': tokenOfA },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('csrf_failed');
    // A made-up MAC on B's session is no better.
    const forged = `${tokenOfA.split('.')[0]}.${'A'.repeat(43)}`;
    const guessed = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: `sid=${sidOfB}; XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged },
    });
    expect(guessed.statusCode).toBe(403);
    expect((await change(b)).statusCode).toBe(200);
  });

  it('gives a signed-in browser whose token fits no session a fitting one, from /api/csrf', async () => {
    const viewer = await signedInViewer(t.app, '+998901240005');
    const sid = viewer.cookies.get('sid')!;
    // A token of no session (issued before sign-in, or before tokens were bound) is refused with a session...
    const unbound = 'u'.repeat(43);
    const cookie = `sid=${sid}; XSRF-TOKEN=${unbound}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie, 'x-xsrf-token': unbound },
    });
    expect(refused.statusCode).toBe(403);
    // ...and /api/csrf replaces it with one that works; a fitting one it leaves alone.
    const renewed = await t.app.inject({ url: '/api/csrf', headers: { cookie } });
    const token = /XSRF-TOKEN=([^;]+)/.exec(String(renewed.headers['set-cookie']))![1]!;
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { cookie: `sid=${sid}; XSRF-TOKEN=${token}`, 'x-xsrf-token': token },
    });
    expect(accepted.statusCode).toBe(200);
    const again = await t.app.inject({
      url: '/api/csrf',
      headers: { cookie: `sid=${sid}; XSRF-TOKEN=${token}` },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});
