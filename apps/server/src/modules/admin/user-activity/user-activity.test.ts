import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingViewer, buyWithDemo } from '../../../test/billing.js';
import {
  createTestApp,
  publishedTitle,
  signedInAdmin,
  type TestApp,
  type TestClient,
} from '../../../test/harness.js';

describe("the admin's view of a viewer's plan and watching", () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('shows the plan, its status and what the viewer is part-way through', async () => {
    const viewer = await billingViewer(t.app, null);
    expect((await buyWithDemo(t.app, viewer.client, 'standard')).statusCode).toBe(200);
    const movie_id = await publishedTitle(admin, 'Night Shift');
    expect(
      (await viewer.client.post('/api/progress', { movie_id, position_seconds: 300, duration_seconds: 1200 }))
        .statusCode,
    ).toBe(204);

    const response = await admin.get(`/api/web/user/${viewer.userId}/activity`);
    expect(response.statusCode).toBe(200);
    const activity = response.json();
    expect(activity.subscription).toMatchObject({ status: 'active', plan: { name: 'Standard' } });
    expect(activity.continue_watching).toHaveLength(1);
    expect(activity.continue_watching[0]).toMatchObject({
      position_seconds: 300,
      percent: 25,
      card: { title: 'Night Shift' },
    });
  });

  it('answers 404 for an unknown user and 403 to the viewer', async () => {
    expect((await admin.get('/api/web/user/99999/activity')).statusCode).toBe(404);
    const viewer = await billingViewer(t.app);
    expect((await viewer.client.get(`/api/web/user/${viewer.userId}/activity`)).statusCode).toBe(403);
  });
});
