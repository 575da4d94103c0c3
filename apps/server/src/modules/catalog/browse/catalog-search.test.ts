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
}

/** The search page's call, on SQLite and PostgreSQL: every typed word matches, one wrong letter forgiven. */
describe('GET /api/catalog/search: typo-tolerant, paged, with suggestions', () => {
  let t: TestApp;
  let admin: TestClient;
  let visitor: TestClient;

  const search = async (query: string) => {
    const response = await visitor.get(`/api/catalog/search?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      items: Card[];
      total: number;
      page: number;
      pageSize: number;
      suggestions: Card[];
    };
  };
  const found = async (q: string) => (await search(`q=${encodeURIComponent(q)}`)).items.map((c) => c.title);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    visitor = new TestClient(t.app);
    await publishedTitle(admin, 'Night Harbor', { genres: ['Thriller', 'Crime'], cast: ['Amelia Hart'] });
    await publishedTitle(admin, 'Cold Ledger', { genres: ['Crime', 'Drama'], cast: ['Victor Lang'] });
    await publishedTitle(admin, 'Amelia', { genres: ['Drama'] });
    await publishedTitle(admin, 'Secret Draft', { status: 'draft', cast: ['Amelia Hart'] });
    for (let i = 1; i <= 5; i++) await publishedTitle(admin, `Orbit ${i}`, { genres: ['Sci-Fi'] });
  });
  afterAll(() => t.close());

  it('finds titles, cast and genres with one wrong, missing, extra or swapped letter', async () => {
    const exact = await search('q=Night%20Harbor');
    expect(exact.items).toEqual([
      expect.objectContaining({
        title: 'Night Harbor',
        genres: ['Thriller', 'Crime'],
        cast: ['Amelia Hart'],
      }),
    ]);
    expect(await found('nigth harbor')).toEqual(['Night Harbor']);
    expect(await found('Harbar')).toEqual(['Night Harbor']);
    expect(await found('harbr')).toEqual(['Night Harbor']);
    expect(await found('Amelia Hrat')).toEqual(['Night Harbor']);
    expect(await found('Vicotr')).toEqual(['Cold Ledger']);
    expect(await found('thriler')).toEqual(['Night Harbor']);
    // The title itself comes before a title whose cast matches; drafts are never found.
    expect(await found('amelia')).toEqual(['Amelia', 'Night Harbor']);
  });

  it('says nothing matched and suggests popular titles, two wrong letters being too many', async () => {
    const reply = await search('q=hxrbxr');
    expect(reply).toMatchObject({ items: [], total: 0 });
    expect(reply.suggestions.length).toBeGreaterThan(0);
    expect(reply.suggestions.map((c) => c.title)).not.toContain('Secret Draft');
    // A search with results suggests nothing.
    expect((await search('q=harbor')).suggestions).toEqual([]);
  });

  it('pages the results, with the total over all pages', async () => {
    const first = await search('q=orbit&pageSize=2');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items).toHaveLength(2);
    const third = await search('q=orbit&pageSize=2&page=3');
    expect(third.items).toHaveLength(1);
    const all = [first, await search('q=orbit&pageSize=2&page=2'), third].flatMap((r) => r.items);
    expect(new Set(all.map((c) => c.movie_id)).size).toBe(5);
    expect((await search('q=orbit&pageSize=2&page=9')).items).toEqual([]);
    expect((await visitor.get('/api/catalog/search?q=orbit&pageSize=500')).statusCode).toBe(400);
  });

  it('finds a title typed in another script: Uzbek Latin or Cyrillic, Russian Cyrillic', async () => {
    await publishedTitle(admin, 'Samarkand', { genres: ['Drama'], cast: ['Dilnoza Karimova'] });
    await publishedTitle(admin, 'Тошкент кечалари', { genres: ['Drama'] });
    for (const query of ['Самарканд', 'Samarqand', 'Самарқанд', 'samarkand'])
      expect(await found(query), query).toEqual(['Samarkand']);
    expect(await found('Дилноза Каримова')).toEqual(['Samarkand']);
    expect(await found('Toshkent kechalari')).toEqual(['Тошкент кечалари']);
    expect(await found('Buxoro')).toEqual([]);
  });

  it('finds a title published after the last search', async () => {
    expect(await found('Lantern')).toEqual([]);
    await publishedTitle(admin, 'Paper Lantern', { genres: ['Drama'] });
    expect(await found('Lantren')).toEqual(['Paper Lantern']);
  });
});
