import type { VitalsReply } from '@salomtv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp, TestClient } from '../../../test/harness.js';
import { p75Rank } from './service.js';

describe('web vitals', () => {
  let t: TestApp;
  let browser: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    browser = new TestClient(t.app);
  });
  afterAll(() => t.close());

  const report = (body: Record<string, unknown>) => browser.post('/api/vitals', body, { csrf: false });

  it('ranks the 75th percentile by the nearest-rank method', () => {
    expect([1, 2, 3, 4, 8].map(p75Rank)).toEqual([0, 1, 2, 2, 5]);
  });

  it('stores reports and answers the p75 of LCP, INP and CLS per page over the last 7 days', async () => {
    // An old report that falls outside the window.
    expect((await report({ name: 'LCP', value: 99_999, page: '/home', id: 'old-1' })).statusCode).toBe(204);
    t.clock.advance(8 * 86_400_000);
    for (const [i, value] of [800, 100, 700, 200, 600, 300, 500, 400].entries()) {
      expect(
        (await report({ name: 'LCP', value, page: i % 2 ? '/home?ref=x' : '/home', id: `lcp-${i}` }))
          .statusCode,
      ).toBe(204);
    }
    for (const [i, value] of [0.5, 0.01, 0.3, 0.02].entries()) {
      await report({ name: 'CLS', value, page: '/home', id: `cls-${i}` });
    }
    // The same metric id again replaces its value (CLS grows as the page lives).
    await report({ name: 'CLS', value: 0.04, page: '/home', id: 'cls-3' });
    await report({
      name: 'INP',
      value: 120,
      page: '/movies/',
      id: 'inp-1',
      rating: 'good',
      delta: 120,
      navigationType: 'navigate',
    });
    await report({ name: 'TTFB', value: 50, page: '/movies', id: 'ttfb-1' });
    // sendBeacon sends its JSON as text/plain.
    const beacon = await browser.request('POST', '/api/vitals', {
      csrf: false,
      body: {
        payload: Buffer.from(JSON.stringify({ name: 'INP', value: 80, page: '/movies', id: 'inp-2' })),
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      },
    });
    expect(beacon.statusCode).toBe(204);

    const summary = (await (await signedInAdmin(t.app)).get('/api/admin/vitals')).json();
    expect(summary.since).toBe(new Date(t.clock.now().getTime() - 7 * 86_400_000).toISOString());
    const home = summary.pages.find((p: { page: string }) => p.page === '/home');
    // LCP 100..800: rank ceil(0.75 * 8) - 1 = 5 -> 600. CLS 0.01, 0.04, 0.3, 0.5: rank 2 -> 0.3.
    expect(home).toEqual({
      page: '/home',
      LCP: { p75: 600, samples: 8 },
      CLS: { p75: 0.3, samples: 4 },
      INP: null,
    });
    const movies = summary.pages.find((p: { page: string }) => p.page === '/movies');
    expect(movies).toEqual({ page: '/movies', LCP: null, CLS: null, INP: { p75: 120, samples: 2 } });
  });

  it("counts a record's page as one page whatever its id, and lists every page of the site", async () => {
    for (const [i, page] of ['/news/4', '/news/7/'].entries()) {
      expect((await report({ name: 'LCP', value: 300 + i, page, id: `news-${i}` })).statusCode).toBe(204);
    }
    // The site has about 45 pages: each busy one is listed, the quiet ones too.
    for (let i = 0; i < 45; i++) {
      const times = i < 10 ? 3 : 1;
      for (let n = 0; n < times; n++)
        await report({ name: 'CLS', value: 0.01, page: `/page-${i}`, id: `page-${i}-${n}` });
    }
    const summary = (await (await signedInAdmin(t.app)).get('/api/admin/vitals')).json() as VitalsReply;
    expect(summary.pages.find((p) => p.page === '/news/:id')?.LCP).toEqual({ p75: 301, samples: 2 });
    expect(summary.pages.some((p) => p.page.startsWith('/news/') && p.page !== '/news/:id')).toBe(false);
    const listed = new Set(summary.pages.map((p) => p.page));
    for (let i = 0; i < 45; i++) expect(listed.has(`/page-${i}`), `/page-${i}`).toBe(true);
  });

  it('refuses bad reports (floods: see the rate limit below)', async () => {
    expect((await report({ name: 'XYZ', value: 1, page: '/home', id: 'x' })).statusCode).toBe(400);
    expect((await report({ name: 'LCP', value: -1, page: '/home', id: 'x' })).statusCode).toBe(400);
    expect((await report({ name: 'LCP', value: 1, page: 'https://evil.example/', id: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await report({ name: 'LCP', value: 1, page: '/home', id: 'x', extra: 'y'.repeat(3000) })).statusCode,
    ).toBe(413);
    expect((await new TestClient(t.app).get('/api/admin/vitals')).statusCode).toBe(401);
  });
});

describe('web vitals rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ VITALS_PER_ADDRESS_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('accepts VITALS_PER_ADDRESS_PER_MINUTE reports per address, then 429 until the minute has passed', async () => {
    const browser = new TestClient(t.app);
    const send = (i: number) =>
      browser.post('/api/vitals', { name: 'TTFB', value: 40, page: '/', id: `ttfb-${i}` }, { csrf: false });
    for (const i of [1, 2, 3]) expect((await send(i)).statusCode).toBe(204);
    const refused = await send(4);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61_000);
    expect((await send(5)).statusCode).toBe(204);
  });
});
