import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingViewer } from '../billing.js';
import { billingViewer, CARD_OK, planByCode } from '../billing.js';
import { createTestApp, publishedTitle, signedInAdmin, type TestApp, type TestClient } from '../harness.js';

/** One viewer against another: nothing of Alice's can be read or changed by Bob, by id or by field. */
describe('object-level access between two viewers', () => {
  let t: TestApp;
  let admin: TestClient;
  let alice: BillingViewer;
  let bob: BillingViewer;
  let movieId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    alice = await billingViewer(t.app);
    bob = await billingViewer(t.app);
    movieId = await publishedTitle(admin, 'Night Harbor');
  });
  afterAll(() => t.close());

  it('keeps watch lists and favourites apart, and a user_id in the body is refused', async () => {
    for (const list of ['/api/watchlist', '/api/favourites']) {
      expect((await alice.client.post(list, { movie_id: movieId })).statusCode).toBe(204);
      expect((await bob.client.get(list)).json()).toEqual({ items: [] });
      // Bob "removing" the title removes it from his own (empty) list only.
      expect((await bob.client.delete(`${list}/${movieId}`)).statusCode).toBe(204);
      expect((await alice.client.get(list)).json().items).toHaveLength(1);
      const smuggled = await bob.client.post(list, { movie_id: movieId, user_id: alice.userId });
      expect(smuggled.statusCode).toBe(400);
      expect((await alice.client.get(list)).json().items).toHaveLength(1);
    }
    expect((await bob.client.get('/api/library/state')).json()).toEqual({ watchlist: [], favourites: [] });
  });

  it('keeps playback progress apart', async () => {
    const saved = await alice.client.post('/api/progress', {
      movie_id: movieId,
      position_seconds: 42,
      duration_seconds: 600,
    });
    expect(saved.statusCode).toBe(204);
    // Bob has watched nothing of it: Alice's position is not his.
    const bobs = await bob.client.get(`/api/progress/${movieId}`);
    expect(bobs.statusCode).toBe(204);
    expect(bobs.body).toBe('');
    expect((await bob.client.get('/api/continue-watching')).body).not.toContain('Night Harbor');
    const smuggled = await bob.client.post('/api/progress', {
      movie_id: movieId,
      position_seconds: 1,
      duration_seconds: 600,
      user_id: alice.userId,
    });
    expect(smuggled.statusCode).toBe(400);
    expect((await alice.client.get(`/api/progress/${movieId}`)).json().position_seconds).toBe(42);
  });

  it('shows each viewer only their own profile; role, status, plan and ids in a body are refused', async () => {
    const profile = (await bob.client.get(`/api/user/profile?user_id=${alice.userId}`)).json();
    expect(profile.user_id).toBe(bob.userId);
    expect(profile.phone_number).toBe(bob.phone);
    for (const field of [
      { role: 'admin' },
      { status: 'active' },
      { plan: 'premium' },
      { plan_id: 1 },
      { user_id: alice.userId },
      { verified: true },
      { trial_ends_at: '2099-01-01T00:00:00.000Z' },
    ]) {
      const response = await bob.client.post('/api/user/edit', { first_name: 'Bob', ...field });
      expect(response.statusCode, JSON.stringify(field)).toBe(400);
    }
    expect((await bob.client.get('/api/user/role')).json()).toEqual([{ role: 'user' }]);
    const row = await t.app.container.repos.users.findByPhone(bob.phone);
    expect(row).toMatchObject({ role: 'user', status: 'active', first_name: null });
    // A real edit changes Bob, never Alice.
    expect((await bob.client.post('/api/user/edit', { first_name: 'Bob' })).statusCode).toBe(200);
    expect((await alice.client.get('/api/user/profile')).json().first_name).toBeNull();
  });

  it('keeps subscriptions, payments and checkouts apart; a status in the body is refused', async () => {
    const plan = await planByCode(t.app, 'standard');
    for (const extra of [{ status: 'active' }, { user_id: alice.userId }, { price_cents: 0 }]) {
      const response = await bob.client.post('/api/billing/checkout', { plan_id: plan.plan_id, ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
    }
    // Bob can neither read nor pay (take over) Alice's checkout session.
    const checkout = await alice.client.post('/api/billing/checkout', { plan_id: plan.plan_id });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = new URL(checkout.json().url, 'http://x').searchParams.get('session')!;
    expect((await bob.client.get(`/api/billing/demo/session/${session}`)).statusCode).toBe(404);
    expect((await bob.client.get(`/api/billing/checkout/${session}`)).statusCode).toBe(404);
    expect((await alice.client.get(`/api/billing/checkout/${session}`)).json()).toMatchObject({
      status: 'open',
    });
    const card = { card_number: CARD_OK, exp: '12/30', cvc: '123', name: 'Bob' };
    const takeover = await bob.client.post('/api/billing/demo/pay', { session, ...card });
    expect(takeover.statusCode).toBe(404);
    expect((await bob.client.get('/api/billing/payments')).body).not.toContain(String(plan.name));
    const paid = await alice.client.post('/api/billing/demo/pay', { session, ...card, name: 'Alice' });
    expect(paid.statusCode, paid.body).toBe(200);

    const alices = (await alice.client.get('/api/billing/subscription')).json();
    expect(JSON.stringify(alices)).toContain(plan.name);
    // Bought during her trial: the plan is hers from the trial's end.
    expect(alices).toMatchObject({ status: 'trialing', scheduled_plan: { plan_id: plan.plan_id } });
    // Bob is still on his own trial, with no plan of his own.
    expect((await bob.client.get('/api/billing/subscription')).json()).toMatchObject({
      status: 'trialing',
      plan: null,
    });
    expect((await bob.client.get('/api/billing/payments')).body).not.toContain(String(plan.name));
    // Changing, cancelling and resuming are Bob's own business: ids, statuses and prices in a body are refused,
    // and Alice's subscription keeps running.
    for (const extra of [{ status: 'active' }, { user_id: alice.userId }, { price_cents: 0 }]) {
      const response = await bob.client.post('/api/billing/change-plan', { plan_id: plan.plan_id, ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      for (const call of ['/api/billing/cancel', '/api/billing/resume']) {
        expect((await bob.client.post(call, extra)).statusCode, `${call} ${JSON.stringify(extra)}`).toBe(400);
      }
    }
    await bob.client.post('/api/billing/cancel');
    expect((await alice.client.get('/api/billing/subscription')).json()).toEqual(alices);
  });

  it("keeps notifications apart: Bob can neither list nor mark Alice's", async () => {
    const sent = await admin.post('/api/admin/notifications', {
      title: 'For Alice only',
      body: 'Private',
      audience: 'user',
      user_id: alice.userId,
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const mine = (await alice.client.get('/api/notifications')).json().items;
    const note = mine.find((n: { title: string }) => n.title === 'For Alice only');
    expect(note).toBeDefined();
    expect((await bob.client.get('/api/notifications')).body).not.toContain('For Alice only');
    expect((await bob.client.post(`/api/notifications/${note.notification_id}/read`)).statusCode).toBe(404);
    await bob.client.post('/api/notifications/read-all');
    expect((await alice.client.get('/api/notifications/unread-count')).json()).toMatchObject({ unread: 1 });
  });

  it("refuses another viewer's playback session", async () => {
    const started = await alice.client.post('/api/playback/start', { movie_id: movieId });
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().playback_id ?? started.json().id;
    expect(id).toBeDefined();
    expect([403, 404]).toContain((await bob.client.post(`/api/playback/${id}/heartbeat`)).statusCode);
    await bob.client.post(`/api/playback/${id}/stop`);
    expect((await alice.client.get('/api/playback/active')).body).toContain(String(id));
  });
});
