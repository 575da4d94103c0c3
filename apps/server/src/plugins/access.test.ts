import type { LightMyRequestResponse } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  ADMIN_PHONE,
  createTestApp,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../test/harness.js';
import { ROUTE_CLASSES, SHARED_CACHE } from '../test/security/route-classes.js';
import { PRIVATE_NO_STORE, registerAccessControl } from './access.js';
import { registerCookies } from './cookies.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Parameters get a plausible value; the guard must answer before anything looks them up. */
const concrete = (url: string) => url.replace(/:[a-z_]+/g, '1').replace(/\*$/, 'x');

/** An error answer: our JSON format, and nothing of the server's insides. */
function expectCleanError(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode < 400 || response.statusCode === 416) return;
  expect(response.body, label).not.toMatch(/\bat [^\n]+\.(js|ts):\d+/);
  expect(response.body, label).not.toMatch(/\/work\/|\/tmp\/|node_modules|dist\/|src\//);
  expect(response.body, label).not.toMatch(/SqliteError|SQLITE_|relation "|syntax error at/i);
  if ((response.headers['content-type'] ?? '').toString().includes('json')) {
    expect(typeof response.json().error?.code, label).toBe('string');
  }
}

/** A personal or admin answer may be kept by no cache; a shared route sets no `private` of its own. */
function expectCachePolicy(
  response: LightMyRequestResponse,
  route: { method: string; url: string },
  label: string,
) {
  const cacheControl = response.headers['cache-control'];
  if (SHARED_CACHE.includes(`${route.method} ${route.url}`))
    expect(cacheControl ?? '', label).not.toMatch(/private|no-store/);
  else expect(cacheControl, label).toBe(PRIVATE_NO_STORE);
}

/** Every route of the route table, each checked against its class as written down in route-classes.ts. */
describe('every route answers as its access class says', () => {
  let t: TestApp;
  let viewer: TestClient;
  let admin: TestClient;
  let viewers = 0;
  beforeAll(async () => {
    t = await createTestApp();
    viewer = await signedInViewer(t.app, '+998901110000');
    admin = await signedInAdmin(t.app);
  });
  afterAll(() => t.close());

  /** A call may sign its caller out (logout, account deletion): then the next call gets a fresh session. */
  async function stillSignedIn(client: TestClient): Promise<boolean> {
    return (await client.get('/api/user/role')).statusCode === 200;
  }

  it('declares for every route the class written down in route-classes.ts, and there is no other route', () => {
    const written = Object.entries(ROUTE_CLASSES).flatMap(([access, routes]) =>
      routes.map((route) => [route, access] as const),
    );
    expect(new Set(written.map(([route]) => route)).size, 'a route written down twice').toBe(written.length);
    const declared = Object.fromEntries(t.app.routeTable.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(declared).toEqual(Object.fromEntries(written));
  });

  it('lets a shared cache keep only the routes written down as shared in route-classes.ts', () => {
    const shared = t.app.routeTable.filter((r) => r.cache === 'shared').map((r) => `${r.method} ${r.url}`);
    expect(shared.sort()).toEqual([...SHARED_CACHE].sort());
    // Only reads that are the same for everyone: nothing a session changes.
    for (const route of t.app.routeTable.filter((r) => r.cache === 'shared'))
      expect(route.access, route.url).toBe('public');
  });

  it('has routes of every class to check', () => {
    for (const access of ['public', 'viewer', 'admin'] as const) {
      expect(t.app.routeTable.filter((r) => r.access === access).length, access).toBeGreaterThan(3);
    }
  });

  it('signed out, as a viewer and as an admin: 401, 403 or through, never a 500 or a stack trace', async () => {
    const anonymous = new TestClient(t.app);
    // Sign-out and account-closing calls go last, so they end the sessions only once.
    const last = (url: string) => Number(/logout/.test(url));
    const routes = [...t.app.routeTable].sort((a, b) => last(a.url) - last(b.url));
    for (const route of routes) {
      const url = concrete(route.url);
      const method = route.method as Method;
      const label = `${route.method} ${route.url}`;
      const signedOut = await anonymous.request(method, url);
      expectCleanError(signedOut, `${label} signed out`);
      expectCachePolicy(signedOut, route, `${label} signed out`);
      if (route.access === 'public') {
        // The guard lets everyone through; the route's own rules may still say "sign in to watch".
        if (signedOut.statusCode === 401)
          expect(signedOut.json().error.message, `${label} signed out`).not.toBe('Sign in to continue');
        if (signedOut.statusCode === 403)
          expect(signedOut.json().error.message, `${label} signed out`).not.toBe(
            'This needs an administrator',
          );
      } else {
        expect(signedOut.statusCode, `${label} signed out`).toBe(401);
      }

      if (!(await stillSignedIn(viewer))) {
        viewers += 1;
        viewer = await signedInViewer(t.app, `+9989011100${String(viewers).padStart(2, '0')}`);
      }
      const asViewer = await viewer.request(method, url);
      expectCleanError(asViewer, `${label} as a viewer`);
      expectCachePolicy(asViewer, route, `${label} as a viewer`);
      if (route.access === 'admin') {
        expect(asViewer.statusCode, `${label} as a viewer`).toBe(403);
        expect(asViewer.json().error.code).toBe('forbidden');
      } else if (route.access === 'public' && asViewer.statusCode === 401) {
        // A public route's own rule (no pending sign-in for the second step), not the guard.
        expect(asViewer.json().error.message, `${label} as a viewer`).not.toBe('Sign in to continue');
      } else {
        expect(asViewer.statusCode, `${label} as a viewer`).not.toBe(401);
      }

      if (!(await stillSignedIn(admin))) admin = await signedInAdmin(t.app);
      const asAdmin = await admin.request(method, url);
      expectCleanError(asAdmin, `${label} as an admin`);
      expectCachePolicy(asAdmin, route, `${label} as an admin`);
      if (route.access === 'public' && asAdmin.statusCode === 401)
        expect(asAdmin.json().error.message, `${label} as an admin`).not.toBe('Sign in to continue');
      else expect(asAdmin.statusCode, `${label} as an admin`).not.toBe(401);
      if (asAdmin.statusCode === 403)
        expect(asAdmin.json().error.message, `${label} as an admin`).not.toBe('This needs an administrator');
    }
  });

  it('refuses every state-changing call without the CSRF header', async () => {
    const checked: string[] = [];
    for (const route of t.app.routeTable) {
      const changes = route.method !== 'GET' || route.csrf === true;
      if (!changes || route.csrf === false) continue;
      if (!(await stillSignedIn(admin))) admin = await signedInAdmin(t.app);
      const response = await admin.request(route.method as Method, concrete(route.url), { csrf: false });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().error.code, `${route.method} ${route.url}`).toBe('csrf_failed');
      checked.push(`${route.method} ${route.url}`);
    }
    expect(checked.length).toBeGreaterThan(40);
    expect(checked).toContain('GET /api/user/logout');
    expect(checked).toContain('GET /api/movie/create');
    // A stale or foreign token is no better than none.
    const forged = await admin.request('POST', '/api/user/login', {
      json: { phone_number: ADMIN_PHONE, password: ADMIN_PASSWORD },
      csrf: false,
      headers: { 'x-xsrf-token': 'x'.repeat(43) },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('only exempts the calls that change nothing or are signed by their sender', () => {
    const exempt = t.app.routeTable.filter((r) => r.csrf === false).map((r) => `${r.method} ${r.url}`);
    expect(exempt.sort()).toEqual(
      [
        'POST /api/language/get',
        'POST /api/vitals',
        // Signed by the payment provider that calls them, server to server.
        ...exempt.filter((r) => r.includes('webhook') || r.startsWith('POST /api/payments/')),
      ].sort(),
    );
  });
});

describe('an unclassified route', () => {
  it('stops the app from starting', async () => {
    const app = Fastify();
    registerCookies(app);
    registerAccessControl(app, { resolve: async () => undefined } as never, async () => undefined);
    expect(() => app.get('/api/forgotten', async () => 'open')).toThrow(/does not declare its access/);
    await app.close();
  });
});
