import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingViewer } from '../../test/billing.js';
import { createTestApp, signedInAdmin, type TestApp, TestClient } from '../../test/harness.js';

describe('plans', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('serves the spec plans to anyone: $19 a month each, SD/HD/FHD, features and streams', async () => {
    const response = await new TestClient(t.app).get('/api/plans');
    expect(response.statusCode).toBe(200);
    const plans = response.json() as Record<string, unknown>[];
    expect(
      plans.map((p) => [
        p.name,
        p.monthly_price_cents,
        p.currency,
        p.quality_cap,
        p.quality_label,
        p.max_streams,
      ]),
    ).toEqual([
      ['Basic', 1900, 'USD', 480, 'SD', 1],
      ['Standard', 1900, 'USD', 720, 'HD', 2],
      ['Platinum', 1900, 'USD', 1080, 'FHD', 3],
      ['Premium', 1900, 'USD', 1080, 'FHD', 4],
    ]);
    for (const plan of plans) expect(plan.yearly_price_cents).toBe(19000);
    const features = Object.fromEntries(plans.map((p) => [p.name, p.features]));
    expect(features.Basic).toEqual({
      new_movies: true,
      salomtv_special: false,
      america_tv_shows: false,
      hollywood_movies: true,
      video_quality: true,
      add_free_entertainment: false,
    });
    expect(features.Standard).toMatchObject({
      salomtv_special: true,
      america_tv_shows: true,
      add_free_entertainment: false,
    });
    for (const name of ['Platinum', 'Premium']) {
      expect(Object.values(features[name] as Record<string, boolean>).every(Boolean)).toBe(true);
    }
  });

  it('lets an admin create a plan and edit names, prices, currency, cap, features, streams and offer', async () => {
    const created = await admin.post('/api/admin/plans', {
      code: 'family',
      name: 'Family',
      monthly_price_cents: 2999,
      yearly_price_cents: null,
      currency: 'eur',
      quality_cap: 720,
      features: { new_movies: true, hollywood_movies: true },
      max_streams: 5,
    });
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({
      code: 'family',
      currency: 'EUR',
      quality_label: 'HD',
      offered: true,
      features: {
        new_movies: true,
        hollywood_movies: true,
        salomtv_special: false,
        add_free_entertainment: false,
      },
    });
    expect(
      (await new TestClient(t.app).get('/api/plans')).json().map((p: { code: string }) => p.code),
    ).toContain('family');

    const updated = await admin.post(`/api/admin/plans/${plan.plan_id}`, {
      name: 'Family Plus',
      monthly_price_cents: 3499,
      yearly_price_cents: 34900,
      quality_cap: 1080,
      features: { add_free_entertainment: true },
      max_streams: 6,
      offered: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Family Plus',
      monthly_price_cents: 3499,
      yearly_price_cents: 34900,
      quality_cap: 1080,
      quality_label: 'FHD',
      max_streams: 6,
      offered: false,
      features: { add_free_entertainment: true, new_movies: true },
    });
    // Not offered: gone from the public list, still in the admin's.
    expect(
      (await new TestClient(t.app).get('/api/plans')).json().map((p: { code: string }) => p.code),
    ).not.toContain('family');
    expect((await admin.get('/api/admin/plans')).json().map((p: { code: string }) => p.code)).toContain(
      'family',
    );
    // And not for sale.
    const viewer = await billingViewer(t.app);
    expect((await viewer.client.post('/api/billing/checkout', { plan_id: plan.plan_id })).statusCode).toBe(
      400,
    );
  });

  it('refuses bad plan input with per-field messages', async () => {
    const cases: [unknown, string][] = [
      [{ code: 'basic', name: 'Again', monthly_price_cents: 100, quality_cap: 480 }, 'code'],
      [{ code: 'x1', name: 'X', monthly_price_cents: -5, quality_cap: 480 }, 'monthly_price_cents'],
      [{ code: 'x2', name: 'X', monthly_price_cents: 19.5, quality_cap: 480 }, 'monthly_price_cents'],
      [{ code: 'x3', name: 'X', monthly_price_cents: 100, quality_cap: 900 }, 'quality_cap'],
      [
        { code: 'x4', name: 'X', monthly_price_cents: 100, quality_cap: 480, currency: 'dollars' },
        'currency',
      ],
      [{ code: 'x5', name: 'X', monthly_price_cents: 100, quality_cap: 480, max_streams: 0 }, 'max_streams'],
      [{ code: 'x6', name: '', monthly_price_cents: 100, quality_cap: 480 }, 'name'],
      [{ code: 'x7', name: 'X', monthly_price_cents: 100, quality_cap: 480, extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.post('/api/admin/plans', body);
      expect([400, 409], JSON.stringify(body)).toContain(response.statusCode);
      expect(response.json().error.fields?.[field], JSON.stringify(body)).toBeTruthy();
    }
    expect((await admin.post('/api/admin/plans/9999', { name: 'Nope' })).statusCode).toBe(404);
  });

  it('keeps at least one plan on offer', async () => {
    const plans = (await admin.get('/api/admin/plans')).json() as { plan_id: number; offered: boolean }[];
    const offered = plans.filter((p) => p.offered);
    for (const plan of offered.slice(0, -1)) {
      expect((await admin.post(`/api/admin/plans/${plan.plan_id}`, { offered: false })).statusCode).toBe(200);
    }
    const last = offered.at(-1)!;
    const refused = await admin.post(`/api/admin/plans/${last.plan_id}`, { offered: false });
    expect(refused.statusCode).toBe(409);
    for (const plan of offered) await admin.post(`/api/admin/plans/${plan.plan_id}`, { offered: true });
  });

  it('the plan editor is admin-only', async () => {
    const viewer = await billingViewer(t.app);
    const anonymous = new TestClient(t.app);
    const body = { code: 'hack', name: 'Hack', monthly_price_cents: 1, quality_cap: 1080 };
    expect((await viewer.client.get('/api/admin/plans')).statusCode).toBe(403);
    expect((await viewer.client.post('/api/admin/plans', body)).statusCode).toBe(403);
    expect((await viewer.client.post('/api/admin/plans/1', { monthly_price_cents: 1 })).statusCode).toBe(403);
    expect((await anonymous.post('/api/admin/plans', body)).statusCode).toBe(401);
    expect((await admin.post('/api/admin/plans', body, { csrf: false })).statusCode).toBe(403);
    const plans = (await admin.get('/api/admin/plans')).json() as {
      code: string;
      monthly_price_cents: number;
    }[];
    expect(plans.map((p) => p.code)).not.toContain('hack');
    expect(plans.find((p) => p.code === 'basic')?.monthly_price_cents).toBe(1900);
  });
});
