import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingViewer, buyWithDemo, CARD_DECLINED, planByCode } from '../../test/billing.js';
import { createTestApp, signedInAdmin, type TestApp, TestClient } from '../../test/harness.js';

describe('billing administration and privacy', () => {
  let t: TestApp;
  let admin: TestClient;
  let alice: Awaited<ReturnType<typeof billingViewer>>;
  let bob: Awaited<ReturnType<typeof billingViewer>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    alice = await billingViewer(t.app, null);
    bob = await billingViewer(t.app, null);
    await t.app.container.repos.users.update(alice.userId, { first_name: 'Alice', last_name: 'Karimova' });
    await buyWithDemo(t.app, alice.client, 'standard');
    await buyWithDemo(t.app, bob.client, 'basic', { card: CARD_DECLINED });
    await buyWithDemo(t.app, bob.client, 'premium');
  });
  afterAll(() => t.close());

  it('lists payments, newest first, filtered by status', async () => {
    const all = await admin.get('/api/admin/payments');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().items[0]).toMatchObject({
      user_id: bob.userId,
      status: 'succeeded',
      phone_number: bob.phone,
    });
    const failed = (await admin.get('/api/admin/payments?status=failed')).json();
    expect(failed.total).toBe(1);
    expect(failed.items[0]).toMatchObject({ user_id: bob.userId, status: 'failed' });
    const paged = (await admin.get('/api/admin/payments?page=2&pageSize=2')).json();
    expect(paged).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(paged.items).toHaveLength(1);
    expect((await admin.get('/api/admin/payments?status=lost')).statusCode).toBe(400);
    expect((await admin.get('/api/admin/payments?provider=demo')).json().total).toBe(3);
    expect((await admin.get('/api/admin/payments?provider=click')).json().total).toBe(0);
    expect((await admin.get('/api/admin/payments?provider=paypal')).statusCode).toBe(400);
  });

  it('lists subscribers with phone, name, plan and status, filtered by status and plan', async () => {
    const all = (await admin.get('/api/admin/subscriptions')).json();
    const alices = all.items.find((s: { user_id: number }) => s.user_id === alice.userId);
    expect(alices).toMatchObject({
      phone_number: alice.phone,
      first_name: 'Alice',
      last_name: 'Karimova',
      plan_name: 'Standard',
      status: 'active',
      interval: 'month',
      price_cents: 1900,
      payment_method_summary: 'Visa •••• 4242',
    });
    const premium = await planByCode(t.app, 'premium');
    const byPlan = (await admin.get(`/api/admin/subscriptions?plan_id=${premium.plan_id}`)).json();
    expect(byPlan.items.map((s: { user_id: number }) => s.user_id)).toEqual([bob.userId]);
    const active = (await admin.get('/api/admin/subscriptions?status=active')).json();
    expect(active.total).toBe(2);
    expect((await admin.get('/api/admin/subscriptions?status=trialing')).json().total).toBe(0);
  });

  it("shows one subscriber's payments", async () => {
    const response = await admin.get(`/api/admin/subscriptions/${bob.userId}/payments`);
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((p: { status: string }) => p.status)).toEqual(['succeeded', 'failed']);
    expect((await admin.get('/api/admin/subscriptions/9999/payments')).statusCode).toBe(404);
  });

  it('a viewer sees only their own subscription and payments, and none of the admin lists', async () => {
    const own = (await alice.client.get('/api/billing/payments')).json();
    expect(own.items.every((p: { user_id: number }) => p.user_id === alice.userId)).toBe(true);
    expect(own.total).toBe(1);
    expect((await alice.client.get('/api/billing/subscription')).json().plan.code).toBe('standard');
    expect((await bob.client.get('/api/billing/subscription')).json().plan.code).toBe('premium');
    for (const url of [
      '/api/admin/payments',
      '/api/admin/subscriptions',
      `/api/admin/subscriptions/${bob.userId}/payments`,
      '/api/admin/plans',
    ]) {
      expect((await alice.client.get(url)).statusCode, url).toBe(403);
      expect((await new TestClient(t.app).get(url)).statusCode, url).toBe(401);
    }
    expect((await new TestClient(t.app).get('/api/billing/subscription')).statusCode).toBe(401);
    expect((await new TestClient(t.app).get('/api/billing/payments')).statusCode).toBe(401);
  });

  it('every billing route declares its access', () => {
    const routes = t.app.routeTable.filter((r) =>
      /^\/api\/(billing|plans|admin\/(plans|payments|subscriptions)|playback)/.test(r.url),
    );
    const byUrl = Object.fromEntries(routes.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(byUrl).toMatchObject({
      'GET /api/plans': 'public',
      'POST /api/billing/stripe/webhook': 'public',
      'GET /api/billing/subscription': 'viewer',
      'POST /api/billing/checkout': 'viewer',
      'POST /api/billing/demo/pay': 'viewer',
      'POST /api/playback/start': 'viewer',
      'GET /api/admin/payments': 'admin',
      'POST /api/admin/plans/:plan_id': 'admin',
    });
  });
});
