import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../test/harness.js';

describe('movie administration (/api/movie/*)', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ WORKER_IN_PROCESS: 'false' });
    admin = await signedInAdmin(t.app);
  });
  afterAll(() => t.close());

  it("creates a draft by POST, and by the spec's GET with the CSRF header", async () => {
    const posted = await admin.post('/api/movie/create');
    expect(posted.statusCode).toBe(201);
    expect(posted.json()).toMatchObject({
      title: '',
      status: 'draft',
      kind: 'movie',
      genres: [],
      tags: [],
      cast: [],
      quality: null,
      size: 0,
      video: null,
      trailer: null,
      banner: null,
      thumbnail: null,
    });
    const viaGet = await admin.get('/api/movie/create');
    expect(viaGet.statusCode).toBe(200);
    expect(viaGet.json().movie_id).toBeGreaterThan(posted.json().movie_id);
    expect((await admin.get('/api/movie/create', { csrf: false })).statusCode).toBe(403);
  });

  it('is for admins only', async () => {
    const viewer = await signedInViewer(t.app, '+998901250001');
    expect((await viewer.post('/api/movie/create')).statusCode).toBe(403);
    expect((await viewer.get('/api/movie/get')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/movie/get')).statusCode).toBe(401);
  });

  it('saves details, normalises lists and sanitises the description', async () => {
    const { movie_id } = (await admin.post('/api/movie/create')).json();
    const response = await admin.post('/api/movie/details', {
      movie_id,
      title: '  Night Harbor ',
      genres: ['thriller', 'sci-fi', 'Thriller'],
      tags: ['port', 'port', 'noir'],
      cast: ['Amelia Hart', 'Rustam Karimov'],
      status: '',
      description:
        '<p onclick="x()">A <b>tense</b> night.<script>alert(1)</script></p><a href="javascript:alert(1)">bad</a><a href="https://example.com/x">ok</a><img src=x onerror=alert(1)>',
      kind: 'movie',
      year: 2023,
      age_rating: '16+',
      release_date: '2024-05-01',
      collections: ['hollywood_movies'],
      featured: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'updated',
      movie: {
        movie_id,
        title: 'Night Harbor',
        genres: ['Thriller', 'Sci-Fi'],
        tags: ['port', 'noir'],
        cast: ['Amelia Hart', 'Rustam Karimov'],
        status: 'draft',
        year: 2023,
        age_rating: '16+',
        release_date: '2024-05-01',
        collections: ['hollywood_movies'],
        featured: true,
        description:
          '<p>A <strong>tense</strong> night.</p>bad<a href="https://example.com/x" rel="noopener noreferrer nofollow">ok</a>',
      },
    });
    const fetched = (await admin.get(`/api/movie/${movie_id}`)).json();
    expect(fetched.genres).toEqual(['Thriller', 'Sci-Fi']);
  });

  it('answers field errors, 404 for an unknown movie, and keeps pipeline statuses for the pipeline', async () => {
    const { movie_id } = (await admin.post('/api/movie/create')).json();
    const bad = await admin.post('/api/movie/details', {
      movie_id,
      title: '',
      age_rating: 'PG',
      genres: [''],
      colour: 'red',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual([
      'age_rating',
      'colour',
      'genres.0',
      'title',
    ]);
    const status = await admin.post('/api/movie/details', { movie_id, title: 'X', status: 'processing' });
    expect(status.statusCode).toBe(400);
    expect(status.json().error.fields).toHaveProperty('status');
    expect((await admin.post('/api/movie/details', { movie_id: 987654, title: 'X' })).statusCode).toBe(404);
    expect((await admin.get('/api/movie/987654')).statusCode).toBe(404);
    expect((await admin.delete('/api/movie/987654')).statusCode).toBe(404);
  });

  it('lists with paging, search and status and kind filters', async () => {
    for (const [i, kind] of (['movie', 'series', 'movie'] as const).entries()) {
      const { movie_id } = (await admin.post('/api/movie/create')).json();
      await admin.post('/api/movie/details', {
        movie_id,
        title: `Listed ${i}`,
        kind,
        cast: [`Actor ${i}`],
        status: i === 2 ? 'published' : 'draft',
      });
    }
    const page = (await admin.get('/api/movie/get?page=1&pageSize=2')).json();
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.items[0]).toHaveProperty('progress', null);
    const byCast = (await admin.get('/api/movie/get?search=actor%201')).json();
    expect(byCast.items.map((m: { title: string }) => m.title)).toEqual(['Listed 1']);
    const series = (await admin.get('/api/movie/get?kind=series')).json();
    expect(series.items.every((m: { kind: string }) => m.kind === 'series')).toBe(true);
    const published = (await admin.get('/api/movie/get?status=published&search=listed')).json();
    expect(published).toMatchObject({ total: 1, items: [{ title: 'Listed 2', status: 'published' }] });
    expect((await admin.get('/api/movie/get?status=bogus')).statusCode).toBe(400);
  });

  it('manages seasons and episodes of a serial', async () => {
    const { movie_id } = (await admin.post('/api/movie/create')).json();
    const notSeries = await admin.post('/api/movie/episode', { movie_id, season_number: 1, title: 'Pilot' });
    expect(notSeries.statusCode).toBe(400);
    await admin.post('/api/movie/details', { movie_id, title: 'Serial', kind: 'series' });
    await admin.post('/api/movie/episode', { movie_id, season_number: 1, title: 'Pilot' });
    await admin.post('/api/movie/episode', { movie_id, season_number: 1, title: 'Second' });
    const third = (
      await admin.post('/api/movie/episode', { movie_id, season_number: 2, title: 'Return' })
    ).json();
    expect(
      third.seasons.map((s: { number: number; episodes: unknown[] }) => [s.number, s.episodes.length]),
    ).toEqual([
      [1, 2],
      [2, 1],
    ]);
    const pilot = third.seasons[0].episodes[0];
    expect(pilot).toMatchObject({ number: 1, title: 'Pilot', video: null });
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/movie/episode/${pilot.episode_id}`,
      headers: {
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')!,
      },
      payload: { movie_id, season_number: 2, number: 2, title: 'Pilot (moved)' },
    });
    expect(moved.statusCode).toBe(200);
    const afterMove = (
      await admin.delete(`/api/movie/episode/${third.seasons[1].episodes[0].episode_id}`)
    ).json();
    expect(
      afterMove.seasons.map((s: { number: number; episodes: { title: string }[] }) => [
        s.number,
        s.episodes.map((e) => e.title),
      ]),
    ).toEqual([
      [1, ['Second']],
      [2, ['Pilot (moved)']],
    ]);
    expect((await admin.delete(`/api/movie/${movie_id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/movie/${movie_id}`)).statusCode).toBe(404);
  });
});
