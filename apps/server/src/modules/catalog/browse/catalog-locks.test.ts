import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingViewer, buyWithDemo, DAY_MS } from '../../../test/billing.js';
import {
  createTestApp,
  publishedTitle,
  signedInAdmin,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';

interface Card {
  movie_id: number;
  title: string;
  locked: string | null;
  locked_feature: string | null;
}

/** Title name -> [locked, locked_feature] as a viewer's cards show them. */
const locksOf = (items: Card[]) =>
  Object.fromEntries(items.map((card) => [card.title, [card.locked, card.locked_feature]]));

describe('the catalogue marks the titles locked for the viewer asking', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signedInAdmin(t.app);
    const add = async (title: string, collections: string[]) => {
      ids[title] = await publishedTitle(admin, title, { genres: ['Drama'], collections });
    };
    await add('Open Road', []);
    await add('Special Night', ['salomtv_special']);
    await add('Brooklyn Block', ['america_tv_shows']);
    await add('Sunset Lot', ['hollywood_movies']);
  });

  afterAll(async () => {
    await t?.close();
  });

  const list = async (client: TestClient) => {
    const response = await client.get('/api/catalog/list?pageSize=60');
    expect(response.statusCode).toBe(200);
    return locksOf(response.json().items);
  };

  it('signed out: every feature asks to sign in (trailers stay open)', async () => {
    expect(await list(new TestClient(t.app))).toEqual({
      'Open Road': ['sign_in', null],
      'Special Night': ['sign_in', null],
      'Brooklyn Block': ['sign_in', null],
      'Sunset Lot': ['sign_in', null],
    });
  });

  it('a trial opens everything; Basic locks the special collection and American shows, Standard opens them', async () => {
    const viewer = await billingViewer(t.app);
    const open = { 'Open Road': [null, null] };
    expect(await list(viewer.client)).toEqual({
      ...open,
      'Special Night': [null, null],
      'Brooklyn Block': [null, null],
      'Sunset Lot': [null, null],
    });

    // A plan bought during the trial starts when the trial ends: a viewer past theirs buys Basic.
    const subscriber = await billingViewer(t.app, null);
    expect((await buyWithDemo(t.app, subscriber.client, 'basic')).statusCode).toBe(200);
    expect(await list(subscriber.client)).toEqual({
      ...open,
      'Special Night': ['upgrade', 'salomtv_special'],
      'Brooklyn Block': ['upgrade', 'america_tv_shows'],
      'Sunset Lot': [null, null],
    });
    // Rows, search and details say the same.
    const rows = (await subscriber.client.get('/api/catalog/rows')).json().rows as { items: Card[] }[];
    const fromRows = locksOf(rows.flatMap((row) => row.items));
    expect(fromRows['Brooklyn Block']).toEqual(['upgrade', 'america_tv_shows']);
    expect(fromRows['Open Road']).toEqual([null, null]);
    const found = (await subscriber.client.get('/api/catalog/search?q=special')).json().items as Card[];
    expect(locksOf(found)['Special Night']).toEqual(['upgrade', 'salomtv_special']);
    const details = (await subscriber.client.get(`/api/catalog/titles/${ids['Special Night']}`)).json();
    expect([details.locked, details.locked_feature]).toEqual(['upgrade', 'salomtv_special']);
    // So do the viewer's own lists.
    await subscriber.client.post('/api/watchlist', { movie_id: ids['Special Night'] });
    await subscriber.client.post('/api/favourites', { movie_id: ids['Brooklyn Block'] });
    const watchList = (await subscriber.client.get('/api/watchlist')).json().items as Card[];
    expect(locksOf(watchList)).toEqual({ 'Special Night': ['upgrade', 'salomtv_special'] });
    const favourites = (await subscriber.client.get('/api/favourites')).json().items as Card[];
    expect(locksOf(favourites)).toEqual({ 'Brooklyn Block': ['upgrade', 'america_tv_shows'] });

    // A plan change shows on the next request.
    const plans = (await subscriber.client.get('/api/plans')).json() as { plan_id: number; code: string }[];
    const standard = plans.find((plan) => plan.code === 'standard')!;
    const changed = await subscriber.client.post('/api/billing/change-plan', { plan_id: standard.plan_id });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(Object.values(await list(subscriber.client)).every(([locked]) => locked === null)).toBe(true);
  });

  it('once the trial has ended without a plan: trailers only, every feature asks to subscribe', async () => {
    const viewer = await billingViewer(t.app, 1);
    t.clock.advance(2 * DAY_MS);
    const client = await viewer.relogin();
    expect(await list(client)).toEqual({
      'Open Road': ['subscribe', null],
      'Special Night': ['subscribe', null],
      'Brooklyn Block': ['subscribe', null],
      'Sunset Lot': ['subscribe', null],
    });
  });
});
