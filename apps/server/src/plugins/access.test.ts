import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInViewer, type TestApp, TestClient } from '../test/harness.js';

/** Generated from the route table, so an admin route added later cannot ship unguarded. */
describe('every admin route is guarded', () => {
  let t: TestApp;
  let viewer: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    viewer = await signedInViewer(t.app);
  });
  afterAll(() => t.close());

  it('has admin routes to check', () => {
    expect(t.app.routeTable.filter((r) => r.access === 'admin').length).toBeGreaterThan(3);
  });

  it('answers 401 signed out and 403 to a viewer on every admin route, and 401 signed out on every viewer route', async () => {
    const anonymous = new TestClient(t.app);
    for (const route of t.app.routeTable) {
      if (route.access === 'public') continue;
      // Parameters get a plausible value; the guard must answer before anything looks them up.
      const url = route.url.replace(/:[a-z_]+/g, '1').replace(/\*$/, 'x');
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const signedOut = await anonymous.request(method, url);
      expect(signedOut.statusCode, `${route.method} ${route.url} signed out`).toBe(401);
      if (route.access === 'admin') {
        const asViewer = await viewer.request(method, url);
        expect(asViewer.statusCode, `${route.method} ${route.url} as a viewer`).toBe(403);
      }
    }
  });
});
