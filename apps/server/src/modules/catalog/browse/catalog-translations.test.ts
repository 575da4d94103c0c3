import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  publishedTitle,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';

interface Card {
  movie_id: number;
  title: string;
  summary: string;
  genres: string[];
  description?: string;
  tagline?: string;
  cast?: string[];
  seasons?: { episodes: { episode_id: number; title: string; description: string }[] }[];
}

/** Titles translated by an admin and the catalogue answering in the viewer's language, on SQLite and PostgreSQL. */
describe('translated titles: the admin calls and the catalogue in ?lang=', () => {
  let t: TestApp;
  let admin: TestClient;
  let visitor: TestClient;
  let movieId: number;

  const details = async (query = '') => {
    const response = await visitor.get(`/api/catalog/titles/${movieId}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Card;
  };
  const rowCards = async (query: string) =>
    ((await visitor.get(`/api/catalog/rows${query}`)).json() as { rows: { items: Card[] }[] }).rows.flatMap(
      (row) => row.items,
    );

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    visitor = new TestClient(t.app);
    movieId = await publishedTitle(admin, 'Samarkand Nights', {
      description: '<p>A night in the old city.</p>',
      genres: ['Drama', 'Crime'],
    });
  });
  afterAll(() => t.close());

  it('sets a title’s texts in a language the site has, cleaned, filed under the site’s spelling of it', async () => {
    const saved = await admin.post('/api/movie/translation', {
      movie_id: movieId,
      language: 'ru',
      title: 'Самаркандские ночи',
      description: '<p>Ночь в старом городе.</p><script>alert(1)</script>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual([
      expect.objectContaining({
        language: 'Ru',
        title: 'Самаркандские ночи',
        description: '<p>Ночь в старом городе.</p>',
      }),
    ]);
    const listed = await admin.get(`/api/movie/${movieId}/translations`);
    expect(listed.json()).toHaveLength(1);
  });

  it('answers the catalogue in the asked language where translated, with the genres’ seeded names', async () => {
    expect(await details('?lang=Ru')).toMatchObject({
      title: 'Самаркандские ночи',
      summary: 'Ночь в старом городе.',
      description: '<p>Ночь в старом городе.</p>',
      genres: ['Драма', 'Криминал'],
    });
    // Untranslated languages, no language, and another case of the keyword.
    expect(await details()).toMatchObject({ title: 'Samarkand Nights', genres: ['Drama', 'Crime'] });
    expect(await details('?lang=Uz')).toMatchObject({
      title: 'Samarkand Nights',
      genres: ['Drama', 'Jinoyat'],
    });
    expect((await details('?lang=rU')).title).toBe('Самаркандские ночи');

    const cards = await rowCards('?lang=Ru');
    expect(cards.filter((c) => c.movie_id === movieId).map((c) => c.title)).toContain('Самаркандские ночи');
    expect((await rowCards('')).find((c) => c.movie_id === movieId)?.title).toBe('Samarkand Nights');
    const list = (await visitor.get('/api/catalog/list?genre=drama&lang=Ru')).json() as { items: Card[] };
    expect(list.items.map((c) => c.title)).toEqual(['Самаркандские ночи']);

    // The server's first paint of /home (its hero) in the `lang` cookie's language: one object per language.
    const { catalog } = t.app.container.services;
    const russian = await catalog.firstSlide({ lang: 'Ru' });
    expect(russian?.card).toMatchObject({ title: 'Самаркандские ночи', genres: ['Драма', 'Криминал'] });
    expect(await catalog.firstSlide({ lang: 'ru' })).toBe(russian);
    expect((await catalog.firstSlide({}))?.card.title).toBe('Samarkand Nights');
  });

  it('finds a title by its translated name and genre in any language, and shows it in the asked one', async () => {
    const found = async (q: string, lang = '') =>
      (
        (await visitor.get(`/api/catalog/search?q=${encodeURIComponent(q)}${lang}`)).json() as {
          items: Card[];
        }
      ).items.map((c) => c.title);
    expect(await found('самаркандские')).toEqual(['Samarkand Nights']);
    expect(await found('самаркандские', '&lang=Ru')).toEqual(['Самаркандские ночи']);
    expect(await found('Криминал')).toEqual(['Samarkand Nights']);
  });

  it('shows a viewer’s watch list in their language', async () => {
    const viewer = await signedInViewer(t.app);
    expect((await viewer.post('/api/watchlist', { movie_id: movieId })).statusCode).toBe(204);
    const list = (await viewer.get('/api/watchlist?lang=Ru')).json() as { items: Card[] };
    expect(list.items.map((c) => c.title)).toEqual(['Самаркандские ночи']);
    // Translations are the admin's: a viewer may not write them.
    const refused = await viewer.post('/api/movie/translation', {
      movie_id: movieId,
      language: 'Ru',
      title: 'x',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses an unknown language, title or field, and a language keyword that is no keyword', async () => {
    const unknownLanguage = await admin.post('/api/movie/translation', {
      movie_id: movieId,
      language: 'Xx',
      title: 'X',
    });
    expect(unknownLanguage.statusCode).toBe(400);
    expect(unknownLanguage.json().error.fields).toHaveProperty('language');
    const unknownTitle = await admin.post('/api/movie/translation', {
      movie_id: 999999,
      language: 'Ru',
      title: 'X',
    });
    expect(unknownTitle.statusCode).toBe(404);
    const blank = await admin.post('/api/movie/translation', {
      movie_id: movieId,
      language: 'Ru',
      title: ' ',
    });
    expect(blank.statusCode).toBe(400);
    const extra = await admin.post('/api/movie/translation', {
      movie_id: movieId,
      language: 'Ru',
      title: 'X',
      subtitle: 'y',
    });
    expect(extra.statusCode).toBe(400);
    const longTagline = await admin.post('/api/movie/translation', {
      movie_id: movieId,
      language: 'Ru',
      title: 'X',
      tagline: 'x'.repeat(151),
    });
    expect(longTagline.json().error.fields).toHaveProperty('tagline');
    expect((await visitor.get(`/api/catalog/titles/${movieId}?lang=r1`)).statusCode).toBe(400);
    expect((await visitor.get('/api/catalog/rows?lang=<b>')).statusCode).toBe(400);
  });

  it('shows the tagline and the cast as written in the asked language, each name falling back on its own', async () => {
    const tagged = await admin.post('/api/movie/details', {
      movie_id: movieId,
      title: 'Samarkand Nights',
      tagline: 'One night. One city.',
      cast: ['Rustam Karimov', 'Amelia Hart', 'Jonah Reyes'],
    });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json().movie.tagline).toBe('One night. One city.');
    const saved = await admin.post('/api/movie/translation', {
      movie_id: movieId,
      language: 'Ru',
      title: 'Самаркандские ночи',
      tagline: 'Одна ночь. Один город.',
      cast: ['Рустам Каримов', '', 'Джона Рейес'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()[0]).toMatchObject({
      tagline: 'Одна ночь. Один город.',
      cast: ['Рустам Каримов', '', 'Джона Рейес'],
    });
    expect(await details('?lang=Ru')).toMatchObject({
      tagline: 'Одна ночь. Один город.',
      cast: ['Рустам Каримов', 'Amelia Hart', 'Джона Рейес'],
    });
    expect(await details()).toMatchObject({
      tagline: 'One night. One city.',
      cast: ['Rustam Karimov', 'Amelia Hart', 'Jonah Reyes'],
    });
    // Without a translated tagline, the title's own.
    await admin.post('/api/movie/translation', {
      movie_id: movieId,
      language: 'Uz',
      title: 'Samarqand tunlari',
    });
    expect(await details('?lang=Uz')).toMatchObject({
      title: 'Samarqand tunlari',
      tagline: 'One night. One city.',
    });
    await admin.post('/api/movie/translation/delete', { movie_id: movieId, language: 'Uz' });
  });

  it('translates an episode’s title and description, read on the title page in the asked language', async () => {
    const serial = await publishedTitle(admin, 'Silk Road', { kind: 'series' });
    const added = await admin.post('/api/movie/episode', {
      movie_id: serial,
      season_number: 1,
      title: 'The Pass',
    });
    expect(added.statusCode, added.body).toBe(200);
    // The season has no English name of its own: the apps say "Season 1" in the viewer's language.
    expect(added.json().seasons[0]).toMatchObject({ number: 1, title: '' });
    expect((await visitor.get(`/api/catalog/titles/${serial}?lang=Uz`)).json().seasons[0].title).toBe('');
    const episodeId = added.json().seasons[0].episodes[0].episode_id as number;
    const saved = await admin.post('/api/movie/episode/translation', {
      episode_id: episodeId,
      language: 'uz',
      title: 'Dovon',
      description: '<p>Karvon togʻdan oshadi.</p><img src=x onerror=alert(1)>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual([
      expect.objectContaining({
        episode_id: episodeId,
        language: 'Uz',
        title: 'Dovon',
        description: '<p>Karvon togʻdan oshadi.</p>',
      }),
    ]);
    expect((await admin.get(`/api/movie/${serial}/episode-translations`)).json()).toHaveLength(1);
    const episodeOf = async (query: string) => {
      const page = (await visitor.get(`/api/catalog/titles/${serial}${query}`)).json() as Card;
      return page.seasons![0]!.episodes[0]!;
    };
    expect(await episodeOf('?lang=Uz')).toMatchObject({
      title: 'Dovon',
      description: '<p>Karvon togʻdan oshadi.</p>',
    });
    expect((await episodeOf('?lang=Ru')).title).toBe('The Pass');
    expect((await episodeOf('')).title).toBe('The Pass');
    expect(
      (
        await admin.post('/api/movie/episode/translation', {
          episode_id: 999_999,
          language: 'Uz',
          title: 'X',
        })
      ).statusCode,
    ).toBe(404);
    const viewer = await signedInViewer(t.app, '+998901260077');
    expect(
      (
        await viewer.post('/api/movie/episode/translation', {
          episode_id: episodeId,
          language: 'Uz',
          title: 'X',
        })
      ).statusCode,
    ).toBe(403);
    const removed = await admin.post('/api/movie/episode/translation/delete', {
      episode_id: episodeId,
      language: 'Uz',
    });
    expect(removed.json()).toEqual([]);
    expect((await episodeOf('?lang=Uz')).title).toBe('The Pass');
    expect(
      (await admin.post('/api/movie/episode/translation/delete', { episode_id: episodeId, language: 'Uz' }))
        .statusCode,
    ).toBe(404);
  });

  it('goes back to the title’s own texts when the translation is deleted', async () => {
    const removed = await admin.post('/api/movie/translation/delete', { movie_id: movieId, language: 'Ru' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual([]);
    expect(await details('?lang=Ru')).toMatchObject({
      title: 'Samarkand Nights',
      genres: ['Драма', 'Криминал'],
    });
    const again = await admin.post('/api/movie/translation/delete', { movie_id: movieId, language: 'Ru' });
    expect(again.statusCode).toBe(404);
  });

  it('lets an admin rename a genre in a language, and take the name back', async () => {
    const listed = await admin.get('/api/genre/names');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual(
      expect.arrayContaining([
        { genre: 'drama', titles: 1, names: { Uz: 'Drama', Ru: 'Драма', Ur: 'ڈراما' } },
      ]),
    );
    const renamed = await admin.post('/api/genre/name', { genre: 'Drama', language: 'ru', name: 'Драмы' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await details('?lang=Ru')).genres).toEqual(['Драмы', 'Криминал']);
    const cleared = await admin.post('/api/genre/name', { genre: 'drama', language: 'Ru', name: '' });
    expect(cleared.json()).toEqual(
      expect.arrayContaining([{ genre: 'drama', titles: 1, names: { Uz: 'Drama', Ur: 'ڈراما' } }]),
    );
    expect((await details('?lang=Ru')).genres).toEqual(['Drama', 'Криминал']);
    expect(
      (await admin.post('/api/genre/name', { genre: 'western', language: 'Ru', name: 'Вестерн' })).statusCode,
    ).toBe(404);
    expect((await visitor.get('/api/genre/names')).statusCode).toBe(401);
  });
});
