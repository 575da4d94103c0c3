import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS } from '../../db/seed/plans.js';
import { sha256Hex } from '../../lib/tokens.js';
import { onProfile } from '../../platform/viewer-session.js';
import { billingViewer, buyWithDemo, DAY_MS, planByCode } from '../../test/billing.js';
import { createTestApp, signedInAdmin, type TestApp } from '../../test/harness.js';
import { viewerAccess } from './access.js';
import type { AccountFacts, SubscriptionRow } from './account-billing.js';
import { entitlementFor } from './entitlements.js';
import type { PlanRow } from './plan-repo.js';

const NOW = new Date('2026-06-01T10:00:00.000Z');
const iso = (offsetDays: number) => new Date(NOW.getTime() + offsetDays * DAY_MS).toISOString();

function planRow(code: string, planId: number): PlanRow {
  const plan = DEFAULT_PLANS.find((p) => p.code === code)!;
  const f = plan.features;
  const bit = (value: boolean | undefined) => (value ? 1 : 0);
  return {
    plan_id: planId,
    code: plan.code,
    name: plan.name,
    names: '{}',
    monthly_price_cents: plan.monthly_price_cents,
    yearly_price_cents: plan.yearly_price_cents,
    currency: plan.currency,
    prices: JSON.stringify(plan.prices ?? {}),
    quality_cap: plan.quality_cap,
    new_movies: bit(f.new_movies),
    salomtv_special: bit(f.salomtv_special),
    america_tv_shows: bit(f.america_tv_shows),
    hollywood_movies: bit(f.hollywood_movies),
    video_quality: bit(f.video_quality),
    add_free_entertainment: bit(f.add_free_entertainment),
    max_streams: plan.max_streams,
    max_profiles: plan.max_profiles,
    offered: 1,
    sort_order: plan.sort_order ?? 0,
    created_at: NOW.toISOString(),
    updated_at: NOW.toISOString(),
  };
}

function subscription(plan: PlanRow, values: Partial<SubscriptionRow> = {}): SubscriptionRow {
  return {
    subscription_id: 1,
    user_id: 1,
    plan_id: plan.plan_id,
    status: 'active',
    billing_interval: 'month',
    price_cents: 1900,
    currency: 'USD',
    current_period_start: iso(-10),
    current_period_end: iso(20),
    cancel_at_period_end: 0,
    grace_until: null,
    next_attempt_at: iso(20),
    provider: 'demo',
    provider_customer_id: null,
    provider_subscription_id: null,
    provider_payment_method: null,
    payment_method_summary: null,
    provider_event_at: null,
    scheduled_plan_id: null,
    upgrade_plan_id: null,
    upgrade_price_cents: null,
    upgrade_invoice_id: null,
    upgrade_requested_at: null,
    billing_anchor: null,
    ended_at: null,
    created_at: iso(-10),
    updated_at: iso(-10),
    ...values,
  };
}

const viewer: AccountFacts = { role: 'user', trial_ends_at: null };
const COLLECTIONS = ['salomtv_special', 'america_tv_shows', 'hollywood_movies'] as const;

describe('entitlementFor (the rule)', () => {
  // Which gated collections each plan opens (spec section 9), its cap and whether it gets a pre-roll.
  const table: [string, Record<(typeof COLLECTIONS)[number], boolean>, number, boolean][] = [
    ['basic', { salomtv_special: false, america_tv_shows: false, hollywood_movies: true }, 480, true],
    ['standard', { salomtv_special: true, america_tv_shows: true, hollywood_movies: true }, 720, true],
    ['platinum', { salomtv_special: true, america_tv_shows: true, hollywood_movies: true }, 1080, false],
    ['premium', { salomtv_special: true, america_tv_shows: true, hollywood_movies: true }, 1080, false],
  ];

  for (const [code, opens, cap, preroll] of table) {
    it(`${code}: cap ${cap}p, pre-roll ${preroll}, collections as the spec says`, () => {
      const plan = planRow(code, 1);
      const access = viewerAccess(viewer, subscription(plan), plan, NOW);
      const plain = entitlementFor(access, { collections: [] });
      expect(plain).toEqual({ mayPlay: true, maxHeight: cap, preroll });
      for (const collection of COLLECTIONS) {
        const result = entitlementFor(access, { collections: ['kids', collection] });
        expect(result.mayPlay, `${code} ${collection}`).toBe(opens[collection]);
        expect(result.maxHeight).toBe(cap);
        if (!opens[collection])
          expect(result).toMatchObject({
            lockedReason: 'upgrade',
            requiredFeature: collection,
            preroll: false,
          });
      }
      // Trailers: open, full quality, never a pre-roll.
      expect(entitlementFor(access, { collections: ['salomtv_special'], trailer: true })).toEqual({
        mayPlay: true,
        maxHeight: 1080,
        preroll: false,
      });
    });
  }

  it('the trial opens every collection at 1080p without a pre-roll', () => {
    const top = planRow('premium', 4);
    const trial = { role: 'user' as const, trial_ends_at: iso(5) };
    const access = viewerAccess(trial, subscription(top, { status: 'trialing', price_cents: 0 }), top, NOW);
    for (const collection of COLLECTIONS) {
      expect(entitlementFor(access, { collections: [collection] })).toEqual({
        mayPlay: true,
        maxHeight: 1080,
        preroll: false,
      });
    }
  });

  it('past due within grace and canceled before the period end keep the plan; after that only trailers', () => {
    const plan = planRow('standard', 2);
    const cases: [Partial<SubscriptionRow>, boolean][] = [
      [{ status: 'past_due', current_period_end: iso(-2), grace_until: iso(5) }, true],
      [{ status: 'past_due', current_period_end: iso(-8), grace_until: iso(-1) }, false],
      [{ status: 'active', cancel_at_period_end: 1, current_period_end: iso(3) }, true],
      [{ status: 'active', cancel_at_period_end: 1, current_period_end: iso(-1) }, false],
      [{ status: 'canceled', current_period_end: iso(-1) }, false],
      [{ status: 'expired' }, false],
    ];
    for (const [values, plays] of cases) {
      const access = viewerAccess(viewer, subscription(plan, values), plan, NOW);
      const result = entitlementFor(access, { collections: [] });
      expect(result.mayPlay, JSON.stringify(values)).toBe(plays);
      if (plays) expect(result.maxHeight).toBe(720);
      else expect(result.lockedReason).toBe('subscribe');
      expect(entitlementFor(access, { collections: [], trailer: true }).mayPlay).toBe(true);
    }
  });

  it('a paid subscription whose plan cannot be read opens nothing but trailers', () => {
    const plan = planRow('premium', 4);
    const access = viewerAccess(viewer, subscription(plan), undefined, NOW);
    expect(access.hasAccess).toBe(false);
    expect(entitlementFor(access, { collections: [] })).toMatchObject({ mayPlay: false, maxHeight: 480 });
    expect(entitlementFor(access, { collections: [], trailer: true }).mayPlay).toBe(true);
  });

  it('no sign-in: trailers only', () => {
    expect(entitlementFor(undefined, { collections: [] })).toMatchObject({
      mayPlay: false,
      lockedReason: 'sign_in',
    });
    expect(entitlementFor(undefined, { collections: [], trailer: true }).mayPlay).toBe(true);
  });

  it('admins may play everything at full quality', () => {
    const access = viewerAccess({ role: 'admin', trial_ends_at: null }, undefined, undefined, NOW);
    expect(entitlementFor(access, { collections: ['salomtv_special'] })).toEqual({
      mayPlay: true,
      maxHeight: 1080,
      preroll: false,
    });
  });
});

describe('entitlement service (what streaming calls)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('follows a change of plan on the very next call', async () => {
    const { entitlements } = t.app.container.services;
    const v = await billingViewer(t.app, null);
    expect(await entitlements.capFor(v.userId)).toBeNull();
    expect(await entitlements.forTitle(v.userId, { collections: [] })).toMatchObject({
      mayPlay: false,
      lockedReason: 'subscribe',
    });

    await buyWithDemo(t.app, v.client, 'standard');
    expect(await entitlements.capFor(v.userId)).toBe(720);
    expect(await entitlements.canWatch(v.userId, ['america_tv_shows'])).toBe(true);
    expect(await entitlements.forTitle(v.userId, { collections: ['hollywood_movies'] })).toEqual({
      mayPlay: true,
      maxHeight: 720,
      preroll: true,
    });

    const basic = await planByCode(t.app, 'basic');
    await v.client.post('/api/billing/change-plan', { plan_id: basic.plan_id });
    expect(await entitlements.capFor(v.userId)).toBe(480);
    expect(await entitlements.canWatch(v.userId, ['america_tv_shows'])).toBe(false);
    expect(await entitlements.canWatch(v.userId, ['hollywood_movies'])).toBe(true);

    const platinum = await planByCode(t.app, 'platinum');
    await v.client.post('/api/billing/change-plan', { plan_id: platinum.plan_id });
    expect(await entitlements.forTitle(v.userId, { collections: ['salomtv_special'] })).toEqual({
      mayPlay: true,
      maxHeight: 1080,
      preroll: false,
    });
  });

  it('an admin edit of a plan (cap, features) applies to its subscribers at once', async () => {
    const { entitlements } = t.app.container.services;
    const v = await billingViewer(t.app, null);
    await buyWithDemo(t.app, v.client, 'standard');
    const admin = await signedInAdmin(t.app);
    const standard = await planByCode(t.app, 'standard');
    await admin.post(`/api/admin/plans/${standard.plan_id}`, {
      quality_cap: 1080,
      features: { add_free_entertainment: true, america_tv_shows: false },
    });
    expect(await entitlements.forTitle(v.userId, { collections: [] })).toEqual({
      mayPlay: true,
      maxHeight: 1080,
      preroll: false,
    });
    expect(await entitlements.canWatch(v.userId, ['america_tv_shows'])).toBe(false);
    await admin.post(`/api/admin/plans/${standard.plan_id}`, {
      quality_cap: 720,
      features: { add_free_entertainment: false, america_tv_shows: true },
    });
  });

  it('reads a session with its account, subscription and plan in one query, as the separate reads find them', async () => {
    const { repos, services } = t.app.container;
    const v = await billingViewer(t.app, null);
    await buyWithDemo(t.app, v.client, 'standard');
    const hash = sha256Hex(v.client.cookies.get('sid')!);
    const now = t.app.container.clock.now().toISOString();
    const session = onProfile(await repos.subscriptions.findLive(hash, now));
    const billing = await repos.subscriptions.findWithAccount(v.userId);
    expect(billing?.plan?.code).toBe('standard');
    expect(session).toEqual({ ...(await repos.sessions.findLive(hash, now)), billing });
    // What the viewer may watch, decided from the session, is what their id alone decides.
    for (const collections of [[], ['hollywood_movies'], ['america_tv_shows'], ['salomtv_special']]) {
      expect(await services.entitlements.forTitle(session, { collections })).toEqual(
        await services.entitlements.forTitle(v.userId, { collections }),
      );
    }
    // The same rules as the sessions table's own read: none once expired, none for a disabled account.
    expect(await repos.subscriptions.findLive(hash, session!.expires_at)).toBeUndefined();
    expect(await repos.subscriptions.findLive(sha256Hex('not-a-session-token'), now)).toBeUndefined();
    await repos.users.update(v.userId, { status: 'disabled' });
    expect(await repos.subscriptions.findLive(hash, now)).toBeUndefined();
    expect(await repos.sessions.findLive(hash, now)).toBeUndefined();
  });

  it('anonymous viewers get trailers only', async () => {
    const { entitlements } = t.app.container.services;
    expect(await entitlements.forTitle(undefined, { collections: [], trailer: true })).toMatchObject({
      mayPlay: true,
    });
    expect(await entitlements.forTitle(undefined, { collections: [] })).toMatchObject({ mayPlay: false });
  });
});
