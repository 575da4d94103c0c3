import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  markPublished,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';

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

  it("lists the spec's way: an array, paged by query, with X-Total-Count and Link headers", async () => {
    for (const [i, kind] of (['movie', 'series', 'movie'] as const).entries()) {
      const { movie_id } = (await admin.post('/api/movie/create')).json();
      await admin.post('/api/movie/details', { movie_id, title: `Listed ${i}`, kind, cast: [`Actor ${i}`] });
      if (i === 2) await markPublished(t.app, movie_id);
    }
    const all = await admin.get('/api/movie/get?pageSize=100');
    const total = all.json().length;
    expect(Number(all.headers['x-total-count'])).toBe(total);
    expect(total).toBeGreaterThanOrEqual(5);

    const page = await admin.get('/api/movie/get?page=2&pageSize=2');
    expect(Array.isArray(page.json())).toBe(true);
    expect(page.json()).toHaveLength(2);
    expect(page.json()[0]).toHaveProperty('progress', null);
    expect(page.json()).toEqual(all.json().slice(2, 4));
    expect(page.headers['x-total-count']).toBe(String(total));
    const last = Math.ceil(total / 2);
    expect(page.headers.link).toBe(
      [
        '</api/movie/get?page=1&pageSize=2>; rel="first"',
        '</api/movie/get?page=1&pageSize=2>; rel="prev"',
        '</api/movie/get?page=3&pageSize=2>; rel="next"',
        `</api/movie/get?page=${last}&pageSize=2>; rel="last"`,
      ].join(', '),
    );

    // The links keep the search and filters; a single page has no prev or next.
    const byCast = await admin.get('/api/movie/get?search=actor%201');
    expect(byCast.json().map((m: { title: string }) => m.title)).toEqual(['Listed 1']);
    expect(byCast.headers['x-total-count']).toBe('1');
    expect(byCast.headers.link).toBe(
      '</api/movie/get?search=actor+1&page=1&pageSize=20>; rel="first", ' +
        '</api/movie/get?search=actor+1&page=1&pageSize=20>; rel="last"',
    );
    const series = (await admin.get('/api/movie/get?kind=series')).json();
    expect(series.every((m: { kind: string }) => m.kind === 'series')).toBe(true);
    const published = await admin.get('/api/movie/get?status=published&search=listed');
    expect(published.json()).toMatchObject([{ title: 'Listed 2', status: 'published' }]);
    expect(published.headers['x-total-count']).toBe('1');
    const beyond = await admin.get('/api/movie/get?page=99&pageSize=2');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe(String(total));
    expect(beyond.headers.link).toContain(`</api/movie/get?page=${last}&pageSize=2>; rel="prev"`);
    expect((await admin.get('/api/movie/get?status=bogus')).statusCode).toBe(400);

    // The OpenAPI document says so, for both of the spec's list calls.
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const path of ['/api/movie/get', '/api/web/user']) {
      const ok = doc.paths[path].get.responses['200'];
      expect(ok.content['application/json'].schema.type, path).toBe('array');
      expect(Object.keys(ok.headers), path).toEqual(['X-Total-Count', 'Link']);
    }
  });

  it('refuses to publish a title that cannot be played (409 naming why), and keeps its status', async () => {
    const { movie_id } = (await admin.post('/api/movie/create')).json();
    const movie = await admin.post('/api/movie/details', {
      movie_id,
      title: 'No Video',
      status: 'published',
    });
    expect(movie.statusCode).toBe(409);
    expect(movie.json().error).toMatchObject({
      code: 'conflict',
      message: 'A movie is published once its video is ready (before its release date, its trailer)',
      fields: {
        status: 'A movie is published once its video is ready (before its release date, its trailer)',
      },
    });
    expect((await admin.get(`/api/movie/${movie_id}`)).json()).toMatchObject({ title: '', status: 'draft' });

    // A serial needs an episode with a ready video: an episode without one is not enough.
    const serial = (await admin.post('/api/movie/create')).json().movie_id;
    await admin.post('/api/movie/details', { movie_id: serial, title: 'No Episodes', kind: 'series' });
    await admin.post('/api/movie/episode', { movie_id: serial, season_number: 1, title: 'Pilot' });
    const refused = await admin.post('/api/movie/details', {
      movie_id: serial,
      title: 'No Episodes',
      status: 'published',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'A serial is published once one of its episodes has a ready video (before its release date, its trailer)',
    );
    expect((await admin.get(`/api/movie/${serial}`)).json().status).toBe('draft');
    // Other statuses are still the admin's to choose.
    const ready = await admin.post('/api/movie/details', {
      movie_id: serial,
      title: 'No Episodes',
      status: 'ready',
    });
    expect(ready.statusCode).toBe(200);
  });

  it('gives a new title no age rating, and keeps it out of the kids section until one is set', async () => {
    const created = (await admin.post('/api/movie/create')).json();
    expect(created.age_rating).toBeNull();
    const movie_id = created.movie_id as number;
    await admin.post('/api/movie/details', { movie_id, title: 'Paper Kites' });
    await markPublished(t.app, movie_id);
    const visitor = new TestClient(t.app);
    const kids = async () =>
      (await visitor.get('/api/catalog/list?kids=true')).json().items.map((c: { title: string }) => c.title);
    const card = (await visitor.get(`/api/catalog/titles/${movie_id}`)).json();
    expect(card).toMatchObject({ title: 'Paper Kites', age_rating: null });
    expect(await kids()).not.toContain('Paper Kites');
    const kidsRows = (await visitor.get('/api/catalog/rows?kids=true')).json().rows;
    expect(JSON.stringify(kidsRows)).not.toContain('Paper Kites');

    const rated = await admin.post('/api/movie/details', {
      movie_id,
      title: 'Paper Kites',
      age_rating: '7+',
    });
    expect(rated.json().movie.age_rating).toBe('7+');
    expect(await kids()).toContain('Paper Kites');
    // Unset again (the form's "Not set"): out of the kids section again.
    await admin.post('/api/movie/details', { movie_id, title: 'Paper Kites', age_rating: null });
    expect((await admin.get(`/api/movie/${movie_id}`)).json().age_rating).toBeNull();
    expect(await kids()).not.toContain('Paper Kites');
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
