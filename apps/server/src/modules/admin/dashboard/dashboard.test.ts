import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp, TestClient } from '../../../test/harness.js';
import { buckets, changePct, oneMonthBefore, startOfUtcWeek } from './periods.js';

/**
 * A hand-computed fixture. The clock stands at Wednesday 2026-06-10 12:00 UTC: this ISO week starts Monday
 * 06-08, the previous one 06-01; this month is June, the previous May; "a month ago" is 05-10 12:00.
 */
const NOW = new Date('2026-06-10T12:00:00.000Z');

describe('dashboard periods', () => {
  it('computes calendar periods and changes', () => {
    expect(startOfUtcWeek(NOW).toISOString()).toBe('2026-06-08T00:00:00.000Z');
    expect(startOfUtcWeek(new Date('2026-06-07T23:59:59Z')).toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(oneMonthBefore(new Date('2026-03-31T05:00:00Z')).toISOString()).toBe('2026-02-28T05:00:00.000Z');
    expect(changePct(3, 2)).toBe(50);
    expect(changePct(2, 3)).toBe(-33.3);
    expect(changePct(5, 0)).toBeNull();
    const months = buckets(new Date('2025-11-15T00:00:00Z'), new Date('2026-02-01T00:00:00Z'), 'month');
    expect(months.map((b) => b.bucket)).toEqual(['2025-11', '2025-12', '2026-01']);
    expect(months[1]).toEqual({
      bucket: '2025-12',
      from: '2025-12-01T00:00:00.000Z',
      to: '2026-01-01T00:00:00.000Z',
    });
  });
});

describe('dashboard', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    // The admin signed in at the harness clock's start; move on to the fixture's "now".
    t.clock.advance(NOW.getTime() - t.clock.now().getTime());
    admin = await signedInAdmin(t.app);
    const db = t.app.container.database.db;

    const addUser = async (phone: string, createdAt: string) =>
      (
        await t.app.container.repos.users.insert({
          phone_number: phone,
          password_hash: 'x',
          role: 'user',
          status: 'active',
          verified: 1,
          created_at: createdAt,
          updated_at: createdAt,
        })
      ).user_id;

    // Sign-ups: 3 this week (boundary Monday 00:00 included), 2 the week before, 1 earlier.
    for (const [i, at] of [
      '2026-06-08T00:00:00.000Z',
      '2026-06-09T08:00:00.000Z',
      '2026-06-10T11:59:00.000Z',
      '2026-06-01T00:00:00.000Z',
      '2026-06-07T23:59:59.999Z',
      '2026-05-31T23:59:59.999Z',
    ].entries()) {
      await addUser(`+99890100000${i}`, at);
    }

    // Customers: u1 active since April; u2 trialing since yesterday; u3 canceled, ended 06-01; u4 past due
    // since April; u5 expired in May (ended 05-01). Now: u1, u2 = 2. A month ago: u1, u3, u4 = 3.
    const old = '2026-01-01T00:00:00.000Z';
    const plan = await db
      .insertInto('plans')
      .values({
        code: 'dash_plan',
        name: 'Dash',
        monthly_price_cents: 1900,
        currency: 'USD',
        quality_cap: 720,
        created_at: old,
        updated_at: old,
      })
      .returning('plan_id')
      .executeTakeFirstOrThrow();
    const subscriptions: [string, string, string | null][] = [
      ['active', '2026-04-01T00:00:00.000Z', null],
      ['trialing', '2026-06-09T00:00:00.000Z', null],
      ['canceled', '2026-03-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z'],
      ['past_due', '2026-04-15T00:00:00.000Z', null],
      ['expired', '2026-01-01T00:00:00.000Z', '2026-05-01T00:00:00.000Z'],
    ];
    for (const [i, [status, createdAt, endedAt]] of subscriptions.entries()) {
      const userId = await addUser(`+99890200000${i}`, old);
      await db
        .insertInto('subscriptions')
        .values({
          user_id: userId,
          plan_id: plan.plan_id,
          status: status as 'active',
          billing_interval: 'month',
          price_cents: 1900,
          currency: 'USD',
          current_period_start: createdAt,
          current_period_end: createdAt,
          provider: 'demo',
          ended_at: endedAt,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    }

    // Titles: 2 published this month (+1 draft), 1 published last month. Most-watched counts the titles' views
    // (viewers who watched past the view threshold), the figure viewers' cards show; viewers who only opened a
    // title (a few seconds of progress) are not views.
    const titles: [string, string, string, number, number][] = [
      ['June One', 'published', '2026-06-02T00:00:00.000Z', 2, 4],
      ['June Two', 'published', '2026-06-09T00:00:00.000Z', 3, 1],
      ['June Draft', 'draft', '2026-06-03T00:00:00.000Z', 0, 0],
      ['May One', 'published', '2026-05-20T00:00:00.000Z', 1, 0],
    ];
    for (const [title, status, createdAt, views, viewers] of titles) {
      const { movie_id } = await db
        .insertInto('titles')
        .values({
          title,
          search_text: title.toLowerCase(),
          status,
          view_count: views,
          created_at: createdAt,
          updated_at: createdAt,
        } as never)
        .returning('movie_id')
        .executeTakeFirstOrThrow();
      for (let v = 0; v < viewers; v++) {
        const viewer = await addUser(
          `+9989050${String(movie_id).padStart(2, '0')}${String(v).padStart(3, '0')}`,
          old,
        );
        // Two rows per viewer (as for two episodes): the viewer still counts once.
        for (const [episode, updatedAt] of [
          '2026-06-09T00:00:00.000Z',
          '2026-06-08T00:00:00.000Z',
        ].entries()) {
          await db
            .insertInto('playback_progress')
            .values({
              user_id: viewer,
              profile_id: db.selectFrom('profiles').select('profile_id').where('user_id', '=', viewer),
              title_id: movie_id,
              episode_id: episode,
              position_seconds: 60,
              duration_seconds: 600,
              finished: 0,
              updated_at: updatedAt,
            })
            .execute();
        }
      }
    }

    // Payments (USD succeeded unless said): June 1000 + 2500 = 3500; May 1999 + 1000 = 2999; April 500;
    // 2025-07-01 700 (inside the year view), 2025-06-30 800 (outside it); a failed and a refunded one and a small
    // EUR one that never count.
    const payerId = await addUser('+998903000000', old);
    const payments: [number, string, string, string][] = [
      [1000, 'USD', 'succeeded', '2026-06-01T00:00:00.000Z'],
      [2500, 'USD', 'succeeded', '2026-06-10T09:00:00.000Z'],
      [9999, 'USD', 'failed', '2026-06-05T00:00:00.000Z'],
      [4444, 'USD', 'refunded', '2026-06-06T00:00:00.000Z'],
      [300, 'EUR', 'succeeded', '2026-06-03T00:00:00.000Z'],
      [1999, 'USD', 'succeeded', '2026-05-15T10:00:00.000Z'],
      [1000, 'USD', 'succeeded', '2026-05-31T23:59:59.999Z'],
      [500, 'USD', 'succeeded', '2026-04-10T00:00:00.000Z'],
      [700, 'USD', 'succeeded', '2025-07-01T00:00:00.000Z'],
      [800, 'USD', 'succeeded', '2025-06-30T23:59:59.999Z'],
    ];
    for (const [amount, currency, status, createdAt] of payments) {
      await db
        .insertInto('payments')
        .values({
          user_id: payerId,
          plan_id: plan.plan_id,
          amount_cents: amount,
          currency,
          status: status as 'succeeded',
          provider: 'demo',
          description: 'Dash monthly',
          created_at: createdAt,
        })
        .execute();
    }
  });
  afterAll(() => t.close());

  it('answers the four stat cards with their changes', async () => {
    const response = await admin.get('/api/admin/dashboard');
    expect(response.statusCode).toBe(200);
    const cards = response.json();
    expect(cards.signups).toMatchObject({
      current: 3,
      previous: 2,
      change_pct: 50,
      period: { from: '2026-06-08T00:00:00.000Z', to: '2026-06-15T00:00:00.000Z' },
      previous_period: { from: '2026-06-01T00:00:00.000Z', to: '2026-06-08T00:00:00.000Z' },
    });
    expect(cards.customers).toMatchObject({ current: 2, previous: 3, change_pct: -33.3 });
    expect(cards.new_titles).toMatchObject({ current: 2, previous: 1, change_pct: 100 });
    expect(cards.revenue).toMatchObject({ current: 3500, previous: 2999, change_pct: 16.7, currency: 'USD' });
  });

  it('answers the revenue series per week, month and year with every bucket', async () => {
    const week = (await admin.get('/api/admin/dashboard/revenue?period=week')).json();
    expect(week.points.map((p: { bucket: string }) => p.bucket)).toEqual([
      '2026-06-04',
      '2026-06-05',
      '2026-06-06',
      '2026-06-07',
      '2026-06-08',
      '2026-06-09',
      '2026-06-10',
    ]);
    expect(week.points.at(-1)).toEqual({ bucket: '2026-06-10', amount_cents: 2500, payments: 1 });
    expect(week.total_cents).toBe(2500);

    const month = (await admin.get('/api/admin/dashboard/revenue?period=month')).json();
    expect(month.points).toHaveLength(30);
    expect(month.points[0].bucket).toBe('2026-05-12');
    expect(month.total_cents).toBe(1999 + 1000 + 1000 + 2500);
    expect(month.points.find((p: { bucket: string }) => p.bucket === '2026-05-31').amount_cents).toBe(1000);

    const year = (await admin.get('/api/admin/dashboard/revenue?period=year')).json();
    expect(year.points.map((p: { bucket: string }) => p.bucket)).toEqual([
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    expect(
      Object.fromEntries(
        year.points
          .filter((p: { amount_cents: number }) => p.amount_cents > 0)
          .map((p: { bucket: string; amount_cents: number }) => [p.bucket, p.amount_cents]),
      ),
    ).toEqual({
      '2025-07': 700,
      '2026-04': 500,
      '2026-05': 2999,
      '2026-06': 3500,
    });
    expect(year.total_cents).toBe(7699);
    expect((await admin.get('/api/admin/dashboard/revenue?period=decade')).statusCode).toBe(400);
  });

  it('answers most-watched titles, the latest payments and the media jobs', async () => {
    const watched = (await admin.get('/api/admin/dashboard/most-watched')).json();
    expect(watched.items.map((i: { title: string }) => i.title)).toEqual(['June Two', 'June One', 'May One']);
    expect(watched.items.map((i: { views: number }) => i.views)).toEqual([3, 2, 1]);
    // The same figure as the title's card (the home page's hero and carousels).
    for (const item of watched.items as { movie_id: number; views: number }[]) {
      const card = (await admin.get(`/api/catalog/titles/${item.movie_id}`)).json();
      expect(card.view_count).toBe(item.views);
    }

    const payments = (await admin.get('/api/admin/dashboard/payments')).json();
    expect(payments.items).toHaveLength(10);
    expect(payments.items[0]).toMatchObject({
      amount_cents: 800,
      plan: 'Dash',
      status: 'succeeded',
      user_name: '+998903000000',
    });

    const jobs = (await admin.get('/api/admin/dashboard/jobs')).json();
    expect(jobs).toEqual({ available: true, items: [] });
  });

  it('is for admins only', async () => {
    expect((await new TestClient(t.app).get('/api/admin/dashboard')).statusCode).toBe(401);
  });
});
