import fs from 'node:fs';
import path from 'node:path';
import { englishTexts, pluralKeyNames, translatePlural, translationKeyNames } from '@salomtv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  listFiles,
  pngImage,
  publishedTitle,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../test/harness.js';

async function snapshot(t: TestApp) {
  const rows = await t.app.container.database.db
    .selectFrom('languages')
    .selectAll()
    .orderBy('lang_id')
    .execute();
  return { rows, files: listFiles(path.join(t.dataDir, 'media')) };
}

describe('languages', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
  });
  afterAll(() => t.close());

  it('lists the four seeded languages with flag images, English first and Urdu right-to-left', async () => {
    const response = await new TestClient(t.app).get('/api/language/select');
    expect(response.statusCode).toBe(200);
    const list = response.json() as { keyword: string; flag: string; dir: string; is_default: boolean }[];
    expect(list.map((l) => l.keyword)).toEqual(['En', 'Uz', 'Ru', 'Ur']);
    expect(list[0]!.is_default).toBe(true);
    expect(list.find((l) => l.keyword === 'Ur')!.dir).toBe('rtl');
    const flag = await t.app.inject({ url: list[1]!.flag });
    expect(flag.statusCode).toBe(200);
    expect(flag.headers['content-type']).toBe('image/webp');
  });

  it('has each translation key once in the catalogue (one form input per key)', () => {
    expect(new Set(translationKeyNames).size).toBe(translationKeyNames.length);
  });

  it('answers the translation record with every catalogue key, really translated', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/language/get', { keyword: 'ru' });
    expect(response.statusCode).toBe(200);
    const [record] = response.json() as Record<string, string>[];
    for (const key of translationKeyNames) expect(record![key], key).toBeTruthy();
    expect(record!.keyword).toBe('Ru');
    expect(record!.sign_in).not.toBe('Sign In');
    expect(record!.whats_New_on_salomtv).toMatch(/SalomTV/);
  });

  it("adds new interface keys' texts to a seeded language at the next start, keeping an admin's wording", async () => {
    const db = t.app.container.database.db;
    const uz = await db
      .selectFrom('languages')
      .selectAll()
      .where('keyword', '=', 'Uz')
      .executeTakeFirstOrThrow();
    const texts = JSON.parse(uz.texts) as Record<string, string>;
    const seeded = texts.whos_watching!;
    // As a database made before the key existed, with an admin's own text for another key.
    delete texts.whos_watching;
    texts.manage_profiles = 'Profillar (admin)';
    await db
      .updateTable('languages')
      .set({ texts: JSON.stringify(texts) })
      .where('lang_id', '=', uz.lang_id)
      .execute();
    const { seedDatabase } = await import('../../db/seed/index.js');
    const { container } = t.app;
    await seedDatabase(
      {
        languages: container.services.languages,
        languageRepo: container.repos.languages,
        users: container.services.users,
        log: t.app.log,
        legal: container.services.legal,
        genreNames: container.modules.catalog.records.translations,
      },
      { adminPhone: undefined, adminPassword: undefined },
    );
    const after = await db
      .selectFrom('languages')
      .select('texts')
      .where('lang_id', '=', uz.lang_id)
      .executeTakeFirstOrThrow();
    const filled = JSON.parse(after.texts) as Record<string, string>;
    expect(filled.whos_watching).toBe(seeded);
    expect(filled.manage_profiles).toBe('Profillar (admin)');
  });

  it('seeds every plural form each language uses, and the record says numbers as its grammar wants', async () => {
    const client = new TestClient(t.app);
    const recordOf = async (keyword: string) =>
      ((await client.post('/api/language/get', { keyword })).json() as Record<string, string>[])[0]!;
    const ru = await recordOf('Ru');
    expect([1, 3, 5, 21].map((n) => translatePlural(ru, 'views_count', n))).toEqual([
      '1 просмотр',
      '3 просмотра',
      '5 просмотров',
      '21 просмотр',
    ]);
    expect(translatePlural(ru, 'next_episode_in', 10)).toBe('Следующая серия через 10 секунд');
    const en = await recordOf('En');
    expect(translatePlural(en, 'views_count', 1)).toBe('1 view');
    expect(translatePlural(en, 'ratings_count', 2)).toBe('2 ratings');
    expect(translatePlural(await recordOf('Ur'), 'ratings_count', 1)).toBe('1 درجہ بندی');
    for (const keyword of ['Uz', 'Ru', 'Ur']) {
      const detail = await admin.get(`/api/language/${(await recordOf(keyword)).lang_id}`);
      const texts = (detail.json() as { texts: Record<string, string> }).texts;
      const categories = new Intl.PluralRules(keyword.toLowerCase()).resolvedOptions().pluralCategories;
      for (const key of pluralKeyNames)
        for (const category of categories)
          expect(texts[`${key}_${category}`], `${keyword} ${key}_${category}`).toBeTruthy();
    }
  });

  it('answers 404 for an unknown keyword and 400 for a malformed one', async () => {
    const client = new TestClient(t.app);
    expect((await client.post('/api/language/get', { keyword: 'Xx' })).statusCode).toBe(404);
    const bad = await client.post('/api/language/get', { keyword: 'e1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.keyword).toBeTruthy();
  });

  it('takes a form with every text of the catalogue, each plural form included, and one unknown field by its name', async () => {
    const texts = Object.fromEntries(translationKeyNames.map((key) => [key, `${key} (sw)`]));
    const every = await admin.postForm('/api/language', {
      language_title: 'Kiswahili',
      keyword: 'Sw',
      dir: 'ltr',
      ...texts,
      flag: { filename: 'sw.png', contentType: 'image/png', data: await pngImage(60, 40) },
    });
    expect(every.statusCode, every.body).toBe(201);
    const [record] = (await admin.post('/api/language/get', { keyword: 'sw' })).json();
    expect(record.views_count_many).toBe('views_count_many (sw)');
    const extra = await admin.postForm('/api/language', {
      language_title: 'Kiswahili 2',
      keyword: 'Swa',
      ...texts,
      not_a_key: 'x',
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields).toHaveProperty('not_a_key');
  });

  it('creates a language with a flag; missing texts fall back to English', async () => {
    const response = await admin.postForm('/api/language', {
      language_title: 'Deutsch',
      keyword: 'De',
      sign_in: 'Anmelden',
      flag: { filename: 'de.png', contentType: 'image/png', data: await pngImage(60, 40) },
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ keyword: 'De', language_title: 'Deutsch', dir: 'ltr' });
    expect(created.flag).toMatch(/^\/media\/flags\/.+\.webp$/);
    const [record] = (await admin.post('/api/language/get', { keyword: 'de' })).json();
    expect(record.sign_in).toBe('Anmelden');
    expect(record.sign_up).toBe('Sign Up');
  });

  it('takes the whole form, every translation key filled, however many keys the catalogue holds', async () => {
    const texts = Object.fromEntries(translationKeyNames.map((key) => [key, `${englishTexts[key]} (fr)`]));
    const response = await admin.postForm('/api/language', {
      language_title: 'Français',
      keyword: 'Fr',
      dir: 'ltr',
      ...texts,
      flag: { filename: 'fr.png', contentType: 'image/png', data: await pngImage(60, 40) },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [record] = (await admin.post('/api/language/get', { keyword: 'Fr' })).json();
    expect(record.trailer_badge).toBe('Trailer (fr)');
    // One field more than the form declares is still read, and named.
    const extra = await admin.postForm('/api/language', {
      ...texts,
      language_title: 'X',
      keyword: 'Xy',
      dir: 'ltr',
      zz: '1',
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields.zz).toBe('Unknown field');
  });

  it('updates a text and replaces the flag, removing the old file', async () => {
    const list = (await admin.get('/api/language/select')).json() as {
      lang_id: number;
      keyword: string;
      flag: string;
    }[];
    const german = list.find((l) => l.keyword === 'De')!;
    const response = await admin.postForm('/api/language/update', {
      lang_id: String(german.lang_id),
      language_title: 'Deutsch',
      keyword: 'De',
      sign_in: 'Einloggen',
      flag: { filename: 'de2.png', contentType: 'image/png', data: await pngImage(30, 20) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().flag).not.toBe(german.flag);
    expect(fs.existsSync(path.join(t.dataDir, german.flag.replace('/media/', 'media/')))).toBe(false);
    const [record] = (await admin.post('/api/language/get', { keyword: 'De' })).json();
    expect(record.sign_in).toBe('Einloggen');
    const detail = (await admin.get(`/api/language/${german.lang_id}`)).json();
    expect(detail.texts).toEqual({ sign_in: 'Einloggen' });
  });

  it('changes only the fields an update sends: a flag alone keeps every text, title and keyword', async () => {
    const list = (await admin.get('/api/language/select')).json() as { lang_id: number; keyword: string }[];
    const russian = list.find((l) => l.keyword === 'Ru')!;
    const before = (await admin.get(`/api/language/${russian.lang_id}`)).json();
    expect(Object.keys(before.texts).length).toBeGreaterThan(50);

    const flagOnly = await admin.postForm('/api/language/update', {
      lang_id: String(russian.lang_id),
      flag: { filename: 'ru.png', contentType: 'image/png', data: await pngImage(30, 20) },
    });
    expect(flagOnly.statusCode, flagOnly.body).toBe(200);
    const afterFlag = (await admin.get(`/api/language/${russian.lang_id}`)).json();
    expect(afterFlag.flag).not.toBe(before.flag);
    expect(afterFlag).toMatchObject({
      keyword: 'Ru',
      language_title: 'Русский',
      dir: 'ltr',
      texts: before.texts,
    });

    // One text sent: that text changes, the rest stay; a text sent empty goes back to English.
    const oneText = await admin.postForm('/api/language/update', {
      lang_id: String(russian.lang_id),
      play_now: 'Смотреть сейчас',
      see_all: '',
    });
    expect(oneText.statusCode, oneText.body).toBe(200);
    const afterText = (await admin.get(`/api/language/${russian.lang_id}`)).json();
    const { see_all: _cleared, ...kept } = before.texts;
    expect(afterText.texts).toEqual({ ...kept, play_now: 'Смотреть сейчас' });
    const [record] = (await admin.post('/api/language/get', { keyword: 'Ru' })).json();
    expect(record.see_all).toBe(englishTexts.see_all);
    expect(record.sign_in).toBe(before.texts.sign_in);
  });

  it('exports and imports a language for translators', async () => {
    const list = (await admin.get('/api/language/select')).json() as { lang_id: number; keyword: string }[];
    const german = list.find((l) => l.keyword === 'De')!;
    const exported = await admin.get(`/api/language/${german.lang_id}/export`);
    expect(exported.headers['content-disposition']).toContain('language-De.json');
    const file = exported.json();
    file.texts.play_now = 'Jetzt abspielen';
    const imported = await admin.post(`/api/language/${german.lang_id}/import`, file);
    expect(imported.statusCode).toBe(200);
    const [record] = (await admin.post('/api/language/get', { keyword: 'De' })).json();
    expect(record.play_now).toBe('Jetzt abspielen');
    const wrong = await admin.post(`/api/language/${german.lang_id}/import`, { ...file, keyword: 'Ru' });
    expect(wrong.statusCode).toBe(400);
  });

  it('searches the list by title or keyword', async () => {
    const found = (await admin.get('/api/language/select?search=deu')).json();
    expect(found.map((l: { keyword: string }) => l.keyword)).toEqual(['De']);
    const cyrillic = (await admin.get(`/api/language/select?search=${encodeURIComponent('рус')}`)).json();
    expect(cyrillic.map((l: { keyword: string }) => l.keyword)).toEqual(['Ru']);
  });

  describe('refusals change nothing', () => {
    const cases: [
      string,
      () => Promise<{ statusCode: number; json(): { error: { fields?: Record<string, string> } } }>,
      number,
      string?,
    ][] = [];
    beforeAll(async () => {
      const png = await pngImage();
      const base = { language_title: 'Test', keyword: 'Tt' };
      cases.push(
        ['missing title', () => admin.postForm('/api/language', { keyword: 'Tt' }), 400, 'language_title'],
        [
          'duplicate keyword (any case)',
          () => admin.postForm('/api/language', { ...base, keyword: 'en' }),
          409,
          'keyword',
        ],
        [
          'duplicate title (any case, any script)',
          () => admin.postForm('/api/language', { ...base, language_title: 'РУССКИЙ' }),
          409,
          'language_title',
        ],
        [
          'an update to the title of another language',
          () => admin.postForm('/api/language/update', { lang_id: '2', language_title: 'english' }),
          409,
          'language_title',
        ],
        [
          'an update that blanks the title',
          () => admin.postForm('/api/language/update', { lang_id: '2', language_title: ' ' }),
          400,
          'language_title',
        ],
        [
          'keyword with digits',
          () => admin.postForm('/api/language', { ...base, keyword: 'e1' }),
          400,
          'keyword',
        ],
        [
          'text over 2,000 characters',
          () => admin.postForm('/api/language', { ...base, sign_in: 'x'.repeat(2001) }),
          400,
          'sign_in',
        ],
        [
          'unknown field',
          () => admin.postForm('/api/language', { ...base, is_default: '1' }),
          400,
          'is_default',
        ],
        [
          'a flag that is not an image',
          () =>
            admin.postForm('/api/language', {
              ...base,
              flag: { filename: 'f.png', contentType: 'image/png', data: Buffer.from('<html>hi</html>') },
            }),
          415,
          'flag',
        ],
        [
          'a flag over 1 MB',
          () =>
            admin.postForm('/api/language', {
              ...base,
              flag: {
                filename: 'f.png',
                contentType: 'image/png',
                data: Buffer.concat([png, Buffer.alloc(1024 * 1024)]),
              },
            }),
          413,
          'flag',
        ],
        [
          'an SVG flag with a script',
          () =>
            admin.postForm('/api/language', {
              ...base,
              flag: {
                filename: 'f.svg',
                contentType: 'image/svg+xml',
                data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
              },
            }),
          415,
          'flag',
        ],
        ['unknown lang_id', () => admin.postForm('/api/language/update', { ...base, lang_id: '9999' }), 404],
        ['no session', () => new TestClient(t.app).postForm('/api/language', base), 401],
        ['no CSRF header', () => admin.postForm('/api/language', base, { csrf: false }), 403],
        ['deleting the default language', async () => admin.delete('/api/language/1'), 409],
      );
    });

    it('answers each bad request with its status and field, leaving database and media folder unchanged', async () => {
      for (const [name, call, status, field] of cases) {
        const before = await snapshot(t);
        const response = await call();
        expect(response.statusCode, name).toBe(status);
        if (field) expect(response.json().error.fields?.[field], name).toBeTruthy();
        expect(await snapshot(t), name).toEqual(before);
      }
    });

    it('refuses a viewer with 403', async () => {
      const viewer = await signedInViewer(t.app);
      const before = await snapshot(t);
      const response = await viewer.postForm('/api/language', { language_title: 'Test', keyword: 'Tt' });
      expect(response.statusCode).toBe(403);
      expect((await viewer.delete('/api/language/2')).statusCode).toBe(403);
      expect(await snapshot(t)).toEqual(before);
    });
  });

  it("moves a language's translations and choices with its keyword, and takes them away with the language", async () => {
    const db = t.app.container.database.db;
    const created = await admin.postForm('/api/language', {
      language_title: 'Тоҷикӣ',
      keyword: 'Tj',
      flag: { filename: 'tj.png', contentType: 'image/png', data: await pngImage(30, 20) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const langId = created.json().lang_id as number;
    const movieId = await publishedTitle(admin, 'The Dark Night Road', { genres: ['Drama'] });
    const now = new Date().toISOString();
    await db
      .insertInto('title_translations')
      .values({
        movie_id: movieId,
        language: 'Tj',
        title: 'Роҳи шаби торик',
        description: '',
        updated_at: now,
      })
      .execute();
    await db.insertInto('genre_names').values({ genre: 'drama', language: 'Tj', name: 'Драма' }).execute();
    await db
      .insertInto('legal_pages')
      .values({
        page: 'terms',
        language: 'tj',
        title: 'Шартҳо',
        body: '<p>Шартҳо</p>',
        updated_by: null,
        updated_at: now,
      })
      .execute();
    const viewer = await signedInViewer(t.app, '+998901119911');
    const me = (await viewer.get('/api/profiles')).json() as { current: number };
    await db.updateTable('profiles').set({ language: 'Tj' }).where('profile_id', '=', me.current).execute();
    const titleIn = async (lang: string) => {
      const list = (await viewer.get(`/api/catalog/list?lang=${lang}&pageSize=48`)).json() as {
        items: { movie_id: number; title: string }[];
      };
      return list.items.find((item) => item.movie_id === movieId)?.title;
    };
    expect(await titleIn('Tj')).toBe('Роҳи шаби торик');

    // A text left under the new keyword by a deletion before texts went with their language.
    await db.insertInto('genre_names').values({ genre: 'drama', language: 'Tg', name: 'Stale' }).execute();
    const renamed = await admin.postForm('/api/language/update', { lang_id: String(langId), keyword: 'Tg' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await titleIn('Tg')).toBe('Роҳи шаби торик');
    const chosen = () =>
      db
        .selectFrom('profiles')
        .select('language')
        .where('profile_id', '=', me.current)
        .executeTakeFirstOrThrow();
    expect((await chosen()).language).toBe('Tg');
    const left = async (keyword: string) => ({
      titles: (
        await db.selectFrom('title_translations').select('movie_id').where('language', '=', keyword).execute()
      ).length,
      genres: (await db.selectFrom('genre_names').select('genre').where('language', '=', keyword).execute())
        .length,
      legal: (
        await db
          .selectFrom('legal_pages')
          .select('page')
          .where('language', '=', keyword.toLowerCase())
          .execute()
      ).length,
    });
    expect(await left('Tj')).toEqual({ titles: 0, genres: 0, legal: 0 });
    expect(await left('Tg')).toEqual({ titles: 1, genres: 1, legal: 1 });
    const genre = await db
      .selectFrom('genre_names')
      .select('name')
      .where('language', '=', 'Tg')
      .executeTakeFirst();
    expect(genre?.name).toBe('Драма');

    expect((await admin.delete(`/api/language/${langId}`)).statusCode).toBe(204);
    expect(await left('Tg')).toEqual({ titles: 0, genres: 0, legal: 0 });
    expect((await chosen()).language).toBeNull();
    expect(await titleIn('En')).toBe('The Dark Night Road');
  });

  it('deletes a language and its flag file', async () => {
    const list = (await admin.get('/api/language/select')).json() as {
      lang_id: number;
      keyword: string;
      flag: string;
    }[];
    const german = list.find((l) => l.keyword === 'De')!;
    expect((await admin.delete(`/api/language/${german.lang_id}`)).statusCode).toBe(204);
    expect(fs.existsSync(path.join(t.dataDir, german.flag.replace('/media/', 'media/')))).toBe(false);
    expect((await admin.post('/api/language/get', { keyword: 'De' })).statusCode).toBe(404);
  });
});
