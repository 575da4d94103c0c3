import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyWithDemo } from '../../../test/billing.js';
import {
  createTestApp,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';

/** A plan and an active (or other status) subscription, written straight into billing's tables. */
async function subscribe(t: TestApp, userId: number, planId: number, status = 'active') {
  const now = t.clock.now().toISOString();
  await t.app.container.database.db
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      plan_id: planId,
      status: status as 'active',
      billing_interval: 'month',
      price_cents: 1900,
      currency: 'USD',
      current_period_start: now,
      current_period_end: now,
      provider: 'demo',
      created_at: now,
      updated_at: now,
    })
    .execute();
}

async function addPlan(t: TestApp, code: string): Promise<number> {
  const now = t.clock.now().toISOString();
  const row = await t.app.container.database.db
    .insertInto('plans')
    .values({
      code,
      name: code,
      monthly_price_cents: 1900,
      currency: 'USD',
      quality_cap: 720,
      created_at: now,
      updated_at: now,
    })
    .returning('plan_id')
    .executeTakeFirstOrThrow();
  return row.plan_id;
}

async function userIdOf(t: TestApp, phone: string): Promise<number> {
  return (await t.app.container.repos.users.findByPhone(phone))!.user_id;
}

describe('notifications', () => {
  let t: TestApp;
  let admin: TestClient;
  const viewers: Record<'a' | 'b' | 'c' | 'd', { client: TestClient; id: number }> = {} as never;
  let planA: number;
  let planB: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    planA = await addPlan(t, 'test_plan_a');
    planB = await addPlan(t, 'test_plan_b');
    const phones = {
      a: '+998901110001',
      b: '+998901110002',
      c: '+998901110003',
      d: '+998901110004',
    } as const;
    for (const [key, phone] of Object.entries(phones) as ['a' | 'b' | 'c' | 'd', string][]) {
      viewers[key] = { client: await signedInViewer(t.app, phone), id: await userIdOf(t, phone) };
    }
    await subscribe(t, viewers.a.id, planA, 'active');
    await subscribe(t, viewers.b.id, planB, 'active');
    // Canceled subscribers of plan A are not its audience any more.
    await subscribe(t, viewers.d.id, planA, 'canceled');
  });
  afterAll(() => t.close());

  async function titlesSeenBy(client: TestClient): Promise<string[]> {
    const response = await client.get('/api/notifications');
    expect(response.statusCode).toBe(200);
    return (response.json().items as { title: string }[]).map((n) => n.title);
  }
  async function unread(client: TestClient): Promise<number> {
    return (await client.get('/api/notifications/unread-count')).json().unread;
  }

  it('reaches exactly its audience: everyone, one plan, one user', async () => {
    const send = (body: Record<string, unknown>) => admin.post('/api/admin/notifications', body);
    expect(
      (await send({ title: 'To all', body: 'Hello everyone', audience: 'all', link: '/pricingplan' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await send({ title: 'To plan A', body: 'Plan news', audience: 'plan', plan_id: planA })).statusCode,
    ).toBe(201);
    expect(
      (await send({ title: 'To C', body: 'Just you', audience: 'user', user_id: viewers.c.id })).statusCode,
    ).toBe(201);

    expect((await titlesSeenBy(viewers.a.client)).sort()).toEqual(['To all', 'To plan A']);
    expect((await titlesSeenBy(viewers.b.client)).sort()).toEqual(['To all']);
    expect((await titlesSeenBy(viewers.c.client)).sort()).toEqual(['To C', 'To all']);
    expect((await titlesSeenBy(viewers.d.client)).sort()).toEqual(['To all']);
    expect(await unread(viewers.a.client)).toBe(2);
    expect(await unread(viewers.b.client)).toBe(1);
    void planB;
  });

  it('counts unread, marks one read and all read, per viewer', async () => {
    const list = (await viewers.a.client.get('/api/notifications')).json();
    expect(list.unread).toBe(2);
    const first = list.items[0];
    const read = await viewers.a.client.post(`/api/notifications/${first.notification_id}/read`);
    expect(read.json()).toEqual({ unread: 1 });
    // Reading twice changes nothing.
    expect((await viewers.a.client.post(`/api/notifications/${first.notification_id}/read`)).json()).toEqual({
      unread: 1,
    });
    expect(
      (await viewers.a.client.get('/api/notifications'))
        .json()
        .items.find((n: { notification_id: number }) => n.notification_id === first.notification_id).read,
    ).toBe(true);
    // Viewer B's count is their own.
    expect(await unread(viewers.b.client)).toBe(1);
    // A notification for someone else cannot be marked.
    const forC = (await viewers.c.client.get('/api/notifications'))
      .json()
      .items.find((n: { title: string }) => n.title === 'To C');
    expect((await viewers.a.client.post(`/api/notifications/${forC.notification_id}/read`)).statusCode).toBe(
      404,
    );
    expect((await viewers.a.client.post('/api/notifications/read-all')).json()).toEqual({ unread: 0 });
    expect(await unread(viewers.a.client)).toBe(0);
    expect(await unread(viewers.c.client)).toBe(2);
    const adminList = (await admin.get('/api/admin/notifications')).json();
    expect(adminList.items.find((n: { title: string }) => n.title === 'To all').read_count).toBe(1);
  });

  it('sends a scheduled notification at its time, and only an unsent one can be withdrawn', async () => {
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await admin.post('/api/admin/notifications', {
      title: 'Later',
      body: 'Soon',
      audience: 'all',
      send_at: at,
    });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', sent_at: null, send_at: at });
    expect(await titlesSeenBy(viewers.b.client)).not.toContain('Later');
    const another = (
      await admin.post('/api/admin/notifications', {
        title: 'Withdrawn',
        body: 'x',
        audience: 'all',
        send_at: at,
      })
    ).json();
    expect((await admin.delete(`/api/admin/notifications/${another.notification_id}`)).statusCode).toBe(204);

    t.clock.advance(3_600_000 + 1);
    expect(await titlesSeenBy(viewers.b.client)).toContain('Later');
    expect(await titlesSeenBy(viewers.b.client)).not.toContain('Withdrawn');
    expect(await unread(viewers.b.client)).toBe(2);
    const sent = (await admin.get('/api/admin/notifications?status=sent')).json();
    expect(sent.items.find((n: { title: string }) => n.title === 'Later')).toMatchObject({
      status: 'sent',
      sent_at: at,
    });
    expect(
      (await admin.delete(`/api/admin/notifications/${scheduled.json().notification_id}`)).statusCode,
    ).toBe(409);

    const audit = (await admin.get('/api/admin/audit?entity=notification')).json().items;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['create', 'delete']),
    );
    expect(audit.find((e: { action: string }) => e.action === 'delete').before.title).toBe('Withdrawn');
  });

  it('validates the audience, the link and the recipients', async () => {
    const send = (body: Record<string, unknown>) => admin.post('/api/admin/notifications', body);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x', body: 'y', audience: 'plan' }, 'plan_id'],
      [{ title: 'x', body: 'y', audience: 'user' }, 'user_id'],
      [{ title: 'x', body: 'y', audience: 'user', user_id: 99_999 }, 'user_id'],
      [{ title: 'x', body: 'y', audience: 'plan', plan_id: 99_999 }, 'plan_id'],
      [{ title: 'x', body: 'y', audience: 'all', link: 'javascript:alert(1)' }, 'link'],
      [{ title: 'x', body: 'y', audience: 'all', link: '//evil.example' }, 'link'],
      [{ title: '', body: 'y', audience: 'all' }, 'title'],
    ];
    for (const [body, field] of cases) {
      const response = await send(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields[field], JSON.stringify(body)).toBeTruthy();
    }
    expect(
      (await send({ title: 'ok', body: 'y', audience: 'all', link: 'https://salomtv.example/x' })).statusCode,
    ).toBe(201);
    expect(
      (await viewers.a.client.post('/api/admin/notifications', { title: 'x', body: 'y', audience: 'all' }))
        .statusCode,
    ).toBe(403);
    expect((await new TestClient(t.app).get('/api/notifications')).statusCode).toBe(401);
  });
});

describe('admin alerts', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('lists failed transcodes, new subscriptions and failed payments, with an unread count per admin', async () => {
    const db = t.app.container.database.db;
    const now = t.clock.now().toISOString();
    const title = await db
      .insertInto('titles')
      .values({ title: 'Broken Movie', status: 'failed', created_at: now, updated_at: now } as never)
      .returning('movie_id')
      .executeTakeFirstOrThrow();
    const asset = await db
      .insertInto('media_assets')
      .values({
        movie_id: title.movie_id,
        kind: 'video',
        status: 'failed',
        created_at: now,
        updated_at: now,
      } as never)
      .returning('asset_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('media_jobs')
      .values({
        kind: 'transcode',
        target_id: asset.asset_id,
        status: 'failed',
        error: 'ffmpeg exited 1',
        next_run_at: now,
        created_at: now,
        updated_at: now,
      } as never)
      .execute();
    const viewer = await signedInViewer(t.app, '+998901119999');
    const userId = (await t.app.container.repos.users.findByPhone('+998901119999'))!.user_id;
    const planId = await addPlan(t, 'alert_plan');
    // A purchase during the free trial, as the viewer makes it.
    expect((await buyWithDemo(t.app, viewer, 'alert_plan')).statusCode).toBe(200);
    await db
      .insertInto('payments')
      .values({
        user_id: userId,
        plan_id: planId,
        amount_cents: 1900,
        currency: 'USD',
        status: 'failed',
        provider: 'demo',
        description: 'x',
        created_at: now,
      })
      .execute();

    const alerts = (await admin.get('/api/admin/alerts')).json();
    expect(alerts.unread).toBe(3);
    expect(alerts.items.map((a: { kind: string }) => a.kind).sort()).toEqual([
      'job_failed',
      'new_subscription',
      'payment_failed',
    ]);
    expect(alerts.items.find((a: { kind: string }) => a.kind === 'job_failed').title).toContain(
      'Broken Movie',
    );
    const purchase = alerts.items.find((a: { kind: string }) => a.kind === 'new_subscription');
    expect(purchase.title).toContain('alert_plan');
    expect(purchase.detail).toContain('alert_plan (HD)');

    expect((await admin.post('/api/admin/alerts/read')).json()).toEqual({ unread: 0 });
    expect((await admin.get('/api/admin/alerts')).json().unread).toBe(0);
    t.clock.advance(60_000);
    await db
      .insertInto('payments')
      .values({
        user_id: userId,
        plan_id: planId,
        amount_cents: 1900,
        currency: 'USD',
        status: 'failed',
        provider: 'demo',
        description: 'y',
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    const after = (await admin.get('/api/admin/alerts')).json();
    expect(after.unread).toBe(1);
    expect(after.items[0]).toMatchObject({ kind: 'payment_failed', unread: true });

    // Alerts older than the window drop out.
    t.clock.advance(8 * 86_400_000);
    const later = await signedInAdmin(t.app);
    expect((await later.get('/api/admin/alerts')).json().items).toEqual([]);
  });
});
