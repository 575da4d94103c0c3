import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  publishedTitle,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';
import { isFinished, viewThreshold } from './service.js';

interface Card {
  movie_id: number;
  title: string;
  rating_average: number;
  rating_count: number;
}
const titlesOf = (items: Card[]) => items.map((item) => item.title);
const MINUTE = 60_000;

describe('library rules', () => {
  it('finishes at 95% (floating point aside) and counts a view after 30 s or 10% of a short clip', () => {
    expect(isFinished(316.35, 333)).toBe(true);
    expect(isFinished(316.3, 333)).toBe(false);
    expect(isFinished(570, 600)).toBe(true);
    expect(viewThreshold(3600)).toBe(30);
    expect(viewThreshold(20)).toBe(2);
  });
});

describe('viewer library: watch list, favourites, progress, views and ratings', () => {
  let t: TestApp;
  let admin: TestClient;
  let alice: TestClient;
  let bob: TestClient;
  let visitor: TestClient;
  const ids: Record<string, number> = {};
  let episodeId = 0;

  async function add(title: string, details: Record<string, unknown> = {}) {
    ids[title] = await publishedTitle(admin, title, details);
    return ids[title];
  }

  const viewCount = async (movieId: number) =>
    (await visitor.get(`/api/catalog/titles/${movieId}`)).json().view_count as number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    alice = await signedInViewer(t.app, '+998901112233');
    bob = await signedInViewer(t.app, '+998901112244');
    visitor = new TestClient(t.app);
    for (const name of [
      'Night Harbor',
      'Cold Ledger',
      'Whistle & Wren',
      'Glass Tide',
      'Short Clip',
      'Rated One',
    ])
      await add(name, { genres: ['Drama'] });
    await add('Secret Draft', { status: 'draft' });
    const serial = await add('Ledger of Lies', { kind: 'series' });
    const episode = await admin.post('/api/movie/episode', {
      movie_id: serial,
      season_number: 1,
      title: 'Pilot',
    });
    expect(episode.statusCode, episode.body).toBeLessThan(300);
    const details = (await visitor.get(`/api/catalog/titles/${serial}`)).json();
    episodeId = details.seasons[0].episodes[0].episode_id;
  });
  afterAll(() => t.close());

  it('refuses every viewer call when signed out (401), except the public rating summary', async () => {
    const id = ids['Night Harbor']!;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/watchlist'],
      ['POST', '/api/watchlist', { movie_id: id }],
      ['DELETE', `/api/watchlist/${id}`],
      ['GET', '/api/favourites'],
      ['POST', '/api/favourites', { movie_id: id }],
      ['DELETE', `/api/favourites/${id}`],
      ['GET', '/api/library/state'],
      ['POST', '/api/progress', { movie_id: id, position_seconds: 1, duration_seconds: 10 }],
      ['GET', `/api/progress/${id}`],
      ['GET', '/api/continue-watching'],
      ['POST', '/api/ratings', { movie_id: id, stars: 4 }],
    ];
    for (const [method, url, json] of calls) {
      const response = await visitor.request(method as 'GET', url, json === undefined ? {} : { json });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const rating = await visitor.get(`/api/ratings/${id}`);
    expect(rating.statusCode).toBe(200);
    expect(rating.json()).toEqual({ average: 0, count: 0, mine: null });
  });

  it('needs the CSRF token on changes', async () => {
    const response = await alice.post('/api/watchlist', { movie_id: ids['Night Harbor'] }, { csrf: false });
    expect(response.statusCode).toBe(403);
  });

  it('adds, lists (latest first), re-adds idempotently and removes watch list titles', async () => {
    expect((await alice.get('/api/watchlist')).json()).toEqual({ items: [] });
    expect((await alice.post('/api/watchlist', { movie_id: ids['Night Harbor'] })).statusCode).toBe(204);
    t.clock.advance(MINUTE);
    expect((await alice.post('/api/watchlist', { movie_id: ids['Cold Ledger'] })).statusCode).toBe(204);
    t.clock.advance(MINUTE);
    expect((await alice.post('/api/watchlist', { movie_id: ids['Night Harbor'] })).statusCode).toBe(204);

    const list = await alice.get('/api/watchlist');
    expect(list.statusCode).toBe(200);
    expect(titlesOf(list.json().items)).toEqual(['Cold Ledger', 'Night Harbor']);
    // The catalogue's card shape, ratings included.
    expect(list.json().items[0]).toMatchObject({
      movie_id: ids['Cold Ledger'],
      kind: 'movie',
      genres: ['Drama'],
      playable: false,
      rating_average: 0,
      rating_count: 0,
    });

    expect((await alice.delete(`/api/watchlist/${ids['Cold Ledger']}`)).statusCode).toBe(204);
    expect((await alice.delete(`/api/watchlist/${ids['Cold Ledger']}`)).statusCode).toBe(204);
    expect(titlesOf((await alice.get('/api/watchlist')).json().items)).toEqual(['Night Harbor']);
  });

  it('adds, lists and removes favourites, and reports both lists as ids for the card icons', async () => {
    expect((await alice.post('/api/favourites', { movie_id: ids['Whistle & Wren'] })).statusCode).toBe(204);
    t.clock.advance(MINUTE);
    expect((await alice.post('/api/favourites', { movie_id: ids['Glass Tide'] })).statusCode).toBe(204);
    t.clock.advance(MINUTE);
    expect((await alice.post('/api/favourites', { movie_id: ids['Night Harbor'] })).statusCode).toBe(204);
    expect((await alice.post('/api/favourites', { movie_id: ids['Night Harbor'] })).statusCode).toBe(204);
    expect(titlesOf((await alice.get('/api/favourites')).json().items)).toEqual([
      'Night Harbor',
      'Glass Tide',
      'Whistle & Wren',
    ]);
    expect((await alice.delete(`/api/favourites/${ids['Glass Tide']}`)).statusCode).toBe(204);
    expect(titlesOf((await alice.get('/api/favourites')).json().items)).toEqual([
      'Night Harbor',
      'Whistle & Wren',
    ]);

    const state = await alice.get('/api/library/state');
    expect(state.statusCode).toBe(200);
    expect(state.json()).toEqual({
      watchlist: [ids['Night Harbor']],
      favourites: [ids['Night Harbor'], ids['Whistle & Wren']],
    });
  });

  it('answers 404 for a title that is unpublished or does not exist', async () => {
    for (const movieId of [ids['Secret Draft']!, 999_999]) {
      const calls: [string, string, unknown?][] = [
        ['POST', '/api/watchlist', { movie_id: movieId }],
        ['DELETE', `/api/watchlist/${movieId}`],
        ['POST', '/api/favourites', { movie_id: movieId }],
        ['DELETE', `/api/favourites/${movieId}`],
        ['POST', '/api/progress', { movie_id: movieId, position_seconds: 40, duration_seconds: 100 }],
        ['GET', `/api/progress/${movieId}`],
        ['POST', '/api/ratings', { movie_id: movieId, stars: 3 }],
        ['GET', `/api/ratings/${movieId}`],
      ];
      for (const [method, url, json] of calls) {
        const response = await alice.request(method as 'GET', url, json === undefined ? {} : { json });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await alice.get('/api/library/state')).json().watchlist).not.toContain(ids['Secret Draft']);
  });

  it('hides a title that was unpublished after being saved', async () => {
    const id = await add('Soon Gone');
    await alice.post('/api/watchlist', { movie_id: id });
    expect(titlesOf((await alice.get('/api/watchlist')).json().items)).toContain('Soon Gone');
    await admin.post('/api/movie/details', { movie_id: id, title: 'Soon Gone', status: 'archived' });
    expect(titlesOf((await alice.get('/api/watchlist')).json().items)).not.toContain('Soon Gone');
    expect((await alice.get('/api/library/state')).json().watchlist).not.toContain(id);
  });

  it('refuses bad bodies and ids with 400, a user_id field among them', async () => {
    const id = ids['Night Harbor']!;
    const bad: [string, unknown][] = [
      ['/api/watchlist', {}],
      ['/api/watchlist', { movie_id: 'abc' }],
      ['/api/watchlist', { movie_id: -1 }],
      ['/api/favourites', { movie_id: 1.5 }],
      ['/api/progress', { movie_id: id, position_seconds: -1, duration_seconds: 10 }],
      ['/api/progress', { movie_id: id, position_seconds: 1, duration_seconds: 0 }],
      ['/api/progress', { movie_id: id, position_seconds: 1 }],
      ['/api/progress', { movie_id: id, episode_id: 0, position_seconds: 1, duration_seconds: 10 }],
    ];
    for (const [url, json] of bad) {
      const response = await alice.post(url, json);
      expect(response.statusCode, `${url} ${JSON.stringify(json)}`).toBe(400);
    }
    expect((await alice.get('/api/progress/abc')).statusCode).toBe(400);
    expect((await alice.delete('/api/watchlist/0')).statusCode).toBe(400);

    const bobId = 2;
    for (const [url, json] of [
      ['/api/watchlist', { movie_id: id, user_id: bobId }],
      ['/api/favourites', { movie_id: id, user_id: bobId }],
      ['/api/progress', { movie_id: id, user_id: bobId, position_seconds: 5, duration_seconds: 50 }],
      ['/api/ratings', { movie_id: id, user_id: bobId, stars: 5 }],
    ] as const) {
      const response = await alice.post(url, json);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.fields).toEqual({ user_id: 'Unknown field' });
    }
  });

  it('saves progress per title and episode, and answers the latest position for Resume', async () => {
    const id = ids['Cold Ledger']!;
    // Never watched: no position, and nothing wrong either (204, no body), so the page logs no failed request.
    const never = await alice.get(`/api/progress/${id}`);
    expect(never.statusCode).toBe(204);
    expect(never.body).toBe('');
    t.clock.advance(MINUTE);
    const save = await alice.post('/api/progress', {
      movie_id: id,
      position_seconds: 12.5,
      duration_seconds: 600,
    });
    expect(save.statusCode, save.body).toBe(204);
    t.clock.advance(MINUTE);
    await alice.post('/api/progress', {
      movie_id: id,
      episode_id: null,
      position_seconds: 300,
      duration_seconds: 600,
    });
    const resume = await alice.get(`/api/progress/${id}`);
    expect(resume.statusCode).toBe(200);
    expect(resume.json()).toEqual({
      movie_id: id,
      episode_id: null,
      position_seconds: 300,
      duration_seconds: 600,
      finished: false,
      up_next: false,
      updated_at: t.clock.now().toISOString(),
      episodes: [],
    });
    const rows = await t.app.container.database.db
      .selectFrom('playback_progress')
      .selectAll()
      .where('title_id', '=', id)
      .execute();
    expect(rows).toHaveLength(1);

    // A series: the latest episode's position.
    const serial = ids['Ledger of Lies']!;
    t.clock.advance(MINUTE);
    const episode = await alice.post('/api/progress', {
      movie_id: serial,
      episode_id: episodeId,
      position_seconds: 42,
      duration_seconds: 1200,
    });
    expect(episode.statusCode, episode.body).toBe(204);
    expect((await alice.get(`/api/progress/${serial}`)).json()).toMatchObject({
      movie_id: serial,
      episode_id: episodeId,
      position_seconds: 42,
    });
    // An episode of another title is not found.
    const wrong = await alice.post('/api/progress', {
      movie_id: id,
      episode_id: episodeId,
      position_seconds: 1,
      duration_seconds: 10,
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('lists Continue Watching latest first, and a title past 95% counts as finished and leaves it', async () => {
    const list = async () => (await alice.get('/api/continue-watching')).json().items as { card: Card }[];
    const harbor = ids['Night Harbor']!;
    const ledger = ids['Cold Ledger']!;
    t.clock.advance(MINUTE);
    await alice.post('/api/progress', { movie_id: harbor, position_seconds: 50, duration_seconds: 200 });
    const items = await list();
    expect(items.map((item) => item.card.title)).toEqual(['Night Harbor', 'Ledger of Lies', 'Cold Ledger']);
    expect(items[0]).toEqual({
      card: expect.objectContaining({ movie_id: harbor, title: 'Night Harbor' }),
      episode_id: null,
      episode: null,
      position_seconds: 50,
      duration_seconds: 200,
      remaining_seconds: 150,
      percent: 25,
      up_next: false,
      updated_at: t.clock.now().toISOString(),
    });
    expect(items[1]).toMatchObject({ episode_id: episodeId, percent: 4 });

    t.clock.advance(MINUTE);
    await alice.post('/api/progress', { movie_id: ledger, position_seconds: 569.9, duration_seconds: 600 });
    expect((await list()).map((item) => item.card.title)).toEqual([
      'Cold Ledger',
      'Night Harbor',
      'Ledger of Lies',
    ]);
    expect((await alice.get(`/api/progress/${ledger}`)).json().finished).toBe(false);

    t.clock.advance(MINUTE);
    await alice.post('/api/progress', { movie_id: ledger, position_seconds: 570, duration_seconds: 600 });
    expect((await alice.get(`/api/progress/${ledger}`)).json()).toMatchObject({
      finished: true,
      position_seconds: 570,
    });
    expect((await list()).map((item) => item.card.title)).toEqual(['Night Harbor', 'Ledger of Lies']);

    // A position past the end is kept at the end.
    await alice.post('/api/progress', { movie_id: ledger, position_seconds: 9999, duration_seconds: 600 });
    expect((await alice.get(`/api/progress/${ledger}`)).json()).toMatchObject({
      finished: true,
      position_seconds: 600,
    });

    // Watching it again from the start brings it back.
    t.clock.advance(MINUTE);
    await alice.post('/api/progress', { movie_id: ledger, position_seconds: 20, duration_seconds: 600 });
    expect((await list())[0]!.card.title).toBe('Cold Ledger');
  });

  it('holds at most 20 titles in Continue Watching', async () => {
    const viewer = await signedInViewer(t.app, '+998901112255');
    for (let i = 0; i < 22; i++) {
      const id = await add(`Binge ${i}`);
      t.clock.advance(1000);
      await viewer.post('/api/progress', { movie_id: id, position_seconds: 10, duration_seconds: 100 });
    }
    const items = (await viewer.get('/api/continue-watching')).json().items as { card: Card }[];
    expect(items).toHaveLength(20);
    expect(items[0]!.card.title).toBe('Binge 21');
    expect(items[19]!.card.title).toBe('Binge 2');
  });

  it('counts a view once per viewer, after 30 s or 10% of a short clip; admins are not counted', async () => {
    const glass = ids['Glass Tide']!;
    expect(await viewCount(glass)).toBe(0);
    await alice.post('/api/progress', { movie_id: glass, position_seconds: 29, duration_seconds: 3600 });
    expect(await viewCount(glass)).toBe(0);
    await alice.post('/api/progress', { movie_id: glass, position_seconds: 31, duration_seconds: 3600 });
    expect(await viewCount(glass)).toBe(1);
    await alice.post('/api/progress', { movie_id: glass, position_seconds: 900, duration_seconds: 3600 });
    await alice.post('/api/progress', { movie_id: glass, position_seconds: 3600, duration_seconds: 3600 });
    expect(await viewCount(glass)).toBe(1);
    await bob.post('/api/progress', { movie_id: glass, position_seconds: 45, duration_seconds: 3600 });
    expect(await viewCount(glass)).toBe(2);
    await admin.post('/api/progress', { movie_id: glass, position_seconds: 45, duration_seconds: 3600 });
    expect(await viewCount(glass)).toBe(2);

    const clip = ids['Short Clip']!;
    await alice.post('/api/progress', { movie_id: clip, position_seconds: 1.9, duration_seconds: 20 });
    expect(await viewCount(clip)).toBe(0);
    await alice.post('/api/progress', { movie_id: clip, position_seconds: 2, duration_seconds: 20 });
    expect(await viewCount(clip)).toBe(1);
  });

  it('rates titles 1 to 5 stars: average with one decimal, count and the viewer own stars', async () => {
    const id = ids['Rated One']!;
    const rate = (client: TestClient, stars: unknown) => client.post('/api/ratings', { movie_id: id, stars });
    const first = await rate(alice, 4);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ average: 4, count: 1, mine: 4 });
    expect((await rate(bob, 5)).json()).toEqual({ average: 4.5, count: 2, mine: 5 });
    expect((await rate(alice, 3)).json()).toEqual({ average: 4, count: 2, mine: 3 });
    expect((await rate(admin, 5)).json()).toEqual({ average: 4.3, count: 3, mine: 5 });

    expect((await alice.get(`/api/ratings/${id}`)).json()).toEqual({ average: 4.3, count: 3, mine: 3 });
    expect((await visitor.get(`/api/ratings/${id}`)).json()).toEqual({ average: 4.3, count: 3, mine: null });
    const fresh = await signedInViewer(t.app, '+998901112266');
    expect((await fresh.get(`/api/ratings/${id}`)).json()).toEqual({ average: 4.3, count: 3, mine: null });

    for (const stars of [0, 6, 2.5, '3', null]) {
      const response = await rate(alice, stars);
      expect(response.statusCode, String(stars)).toBe(400);
      expect(response.json().error.fields).toHaveProperty('stars');
    }
    expect((await alice.get(`/api/ratings/${id}`)).json().mine).toBe(3);

    // The catalogue's cards and details carry the average and count.
    expect((await visitor.get(`/api/catalog/titles/${id}`)).json()).toMatchObject({
      rating_average: 4.3,
      rating_count: 3,
    });
    const listed = (await visitor.get('/api/catalog/list?genre=drama&pageSize=60')).json().items as Card[];
    expect(listed.find((card) => card.movie_id === id)).toMatchObject({
      rating_average: 4.3,
      rating_count: 3,
    });
  });

  it("keeps each viewer's library to themselves", async () => {
    expect((await bob.get('/api/watchlist')).json()).toEqual({ items: [] });
    expect((await bob.get('/api/favourites')).json()).toEqual({ items: [] });
    expect((await bob.get('/api/library/state')).json()).toEqual({ watchlist: [], favourites: [] });
    expect((await bob.get(`/api/progress/${ids['Night Harbor']}`)).statusCode).toBe(204);
    const bobsContinue = (await bob.get('/api/continue-watching')).json().items as { card: Card }[];
    expect(bobsContinue.map((item) => item.card.title)).toEqual(['Glass Tide']);

    // Bob's removals and saves do not touch Alice's rows.
    expect((await bob.delete(`/api/watchlist/${ids['Night Harbor']}`)).statusCode).toBe(204);
    expect((await bob.delete(`/api/favourites/${ids['Night Harbor']}`)).statusCode).toBe(204);
    await bob.post('/api/progress', {
      movie_id: ids['Night Harbor'],
      position_seconds: 199,
      duration_seconds: 200,
    });
    expect((await alice.get('/api/library/state')).json()).toEqual({
      watchlist: [ids['Night Harbor']],
      favourites: [ids['Night Harbor'], ids['Whistle & Wren']],
    });
    expect((await alice.get(`/api/progress/${ids['Night Harbor']}`)).json()).toMatchObject({
      position_seconds: 50,
      finished: false,
    });
    expect((await bob.get(`/api/progress/${ids['Night Harbor']}`)).json()).toMatchObject({ finished: true });
  });

  it('drops library rows with their title', async () => {
    const id = await add('Doomed');
    await alice.post('/api/watchlist', { movie_id: id });
    await alice.post('/api/favourites', { movie_id: id });
    await alice.post('/api/progress', { movie_id: id, position_seconds: 40, duration_seconds: 100 });
    await alice.post('/api/ratings', { movie_id: id, stars: 2 });
    const removed = await admin.delete(`/api/movie/${id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const db = t.app.container.database.db;
    for (const table of [
      'watchlist',
      'favourites',
      'playback_progress',
      'title_views',
      'title_ratings',
    ] as const) {
      const rows = await db.selectFrom(table).select('title_id').where('title_id', '=', id).execute();
      expect(rows, table).toHaveLength(0);
    }
  });
});
