import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  kind: string;
}
interface Row {
  id: string;
  key: string;
  title: string;
  see_all: Record<string, string>;
  items: Card[];
}

/** The browse pages' rows: home, movies, serials, kids. */
const PAGES = ['', '?kind=movie', '?kind=series', '?kids=true'];

describe('catalogue rows say what they hold', () => {
  let t: TestApp;
  let admin: TestClient;
  let visitor: TestClient;

  beforeAll(async () => {
    // The test clock says 2026-06-01; each title is added a minute after the one before.
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    visitor = new TestClient(t.app);
    const titles: [string, Record<string, unknown>, number][] = [
      ['Alpha Film', { genres: ['Thriller'], featured: true, age_rating: '13+' }, 5],
      ['Beta Film', { genres: ['Thriller', 'Crime'], age_rating: '16+' }, 1],
      ['Gamma Serial', { kind: 'series', genres: ['Thriller'], featured: true, age_rating: '16+' }, 9],
      ['Delta Serial', { kind: 'series', genres: ['Drama', 'Crime'], age_rating: '13+' }, 0],
      ['Kite Serial', { kind: 'series', genres: ['Animation', 'Drama'], age_rating: 'All' }, 3],
      ['Soon Serial', { kind: 'series', genres: ['Thriller'], release_date: '2026-09-01' }, 0],
      ['Soon Film', { genres: ['Thriller', 'Drama'], release_date: '2026-10-01', featured: true }, 0],
      ['Old Film', { genres: ['Crime'], collections: ['hollywood_movies'], age_rating: '18+' }, 7],
    ];
    for (const [title, details, views] of titles) {
      t.clock.advance(60_000);
      const id = await publishedTitle(admin, title, details);
      await t.app.container.repos.titles.update(id, { view_count: views });
    }
  });
  afterAll(() => t.close());

  const rowsOf = async (page: string): Promise<Row[]> => {
    const response = await visitor.get(`/api/catalog/rows${page}`);
    expect(response.statusCode).toBe(200);
    return response.json().rows;
  };

  it('the serials page has serials only, under headings that name serials, never movies', async () => {
    const rows = await rowsOf('?kind=series');
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(
        row.items.every((card) => card.kind === 'series'),
        row.id,
      ).toBe(true);
      expect(row.title, row.id).not.toMatch(/movie/i);
      expect(row.key, row.id).not.toMatch(/movie/);
    }
    const headings = Object.fromEntries(rows.map((row) => [row.id, row.title]));
    expect(headings).toMatchObject({
      featured: 'Featured serials to watch now',
      popular: 'Popular serials',
      new: 'New serials',
      upcoming: 'Upcoming serials',
    });
    // The movies page names movies.
    const movieRows = Object.fromEntries((await rowsOf('?kind=movie')).map((row) => [row.id, row.title]));
    expect(movieRows).toMatchObject({ popular: 'Popular movies', new: 'New Movies' });
  });

  it("a row's see all lists exactly what the row lists, in the row's order", async () => {
    for (const page of PAGES) {
      for (const row of await rowsOf(page)) {
        const query = new URLSearchParams({ ...row.see_all, pageSize: '20' });
        const list = await visitor.get(`/api/catalog/list?${query}`);
        expect(list.statusCode, `${page} ${row.id}: ${list.body}`).toBe(200);
        const seeAll = list.json() as { items: Card[]; total: number };
        expect(
          seeAll.items.map((card) => card.title),
          `see all of ${row.id} on /api/catalog/rows${page}`,
        ).toEqual(row.items.map((card) => card.title));
        expect(seeAll.total).toBe(row.items.length);
      }
    }
    // Paged: the second page goes on where the first stopped.
    const popular = (await rowsOf('')).find((row) => row.id === 'popular')!;
    const second = await visitor.get(
      `/api/catalog/list?${new URLSearchParams({ ...popular.see_all, pageSize: '2', page: '2' })}`,
    );
    expect(second.json().items.map((card: Card) => card.title)).toEqual(
      popular.items.slice(2, 4).map((card) => card.title),
    );
  });

  it('a title published by the admin is in the rows at once', async () => {
    expect(JSON.stringify(await rowsOf(''))).not.toContain('Fresh Release');
    await publishedTitle(admin, 'Fresh Release', { genres: ['Thriller'] });
    const rows = await rowsOf('');
    expect(rows.find((row) => row.id === 'new')?.items[0]?.title).toBe('Fresh Release');
    expect(rows.find((row) => row.id === 'genre:thriller')?.items[0]?.title).toBe('Fresh Release');
  });
});
