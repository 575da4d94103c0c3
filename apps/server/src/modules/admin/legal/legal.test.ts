import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  TestClient,
} from '../../../test/harness.js';

const HOSTILE =
  '<h2 onclick="steal()">Your data</h2><p style="x">We keep <b>little</b>.<script>alert(1)</script></p>' +
  '<img src=x onerror=alert(2)><a href="javascript:alert(3)">bad</a><a href="https://ok.example">ok</a>';

/** The terms of use and privacy pages: anyone reads them in their language, admins write them. */
describe('legal pages (/api/legal, /api/admin/legal)', () => {
  let t: TestApp;
  let admin: TestClient;
  let viewer: TestClient;
  let visitor: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t.app);
    viewer = await signedInViewer(t.app, '+998901234400');
    visitor = new TestClient(t.app);
  });
  afterAll(() => t.close());

  it('serves the seeded texts in each seeded language, English for any other, 404 for an unknown page', async () => {
    const read = async (url: string) => {
      const response = await visitor.get(url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { page: string; language: string; title: string; body: string };
    };
    const terms = await read('/api/legal/terms');
    expect(terms).toMatchObject({ page: 'terms', language: 'en', title: 'Terms of use' });
    expect(terms.body).toContain('30-day free trial');
    expect(await read('/api/legal/privacy?lang=Ur')).toMatchObject({
      language: 'ur',
      title: 'رازداری کی پالیسی',
    });
    expect(await read('/api/legal/terms?lang=ru')).toMatchObject({
      language: 'ru',
      title: 'Условия использования',
    });
    expect(await read('/api/legal/privacy?lang=Uz')).toMatchObject({
      language: 'uz',
      title: 'Maxfiylik siyosati',
    });
    expect(await read('/api/legal/privacy?lang=Tj')).toMatchObject({
      language: 'en',
      title: 'Privacy policy',
    });
    expect((await visitor.get('/api/legal/cookies')).statusCode).toBe(404);
    expect((await visitor.get('/api/legal/terms?lang=../../x')).statusCode).toBe(400);
  });

  it('lets an admin write a page in one language, cleaned on the way in and written to the audit log', async () => {
    const saved = await admin.post('/api/admin/legal/privacy/Ru', {
      title: '<b>Конфиденциальность</b>',
      body: HOSTILE,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await visitor.get('/api/legal/privacy?lang=Ru')).json();
    expect(read.title).toBe('Конфиденциальность');
    expect(read.body).toBe(
      '<h2>Your data</h2><p>We keep <strong>little</strong>.</p>bad' +
        '<a href="https://ok.example" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(read.body).not.toMatch(/script|onerror|onclick|javascript|style=|<img/);
    // The other languages keep their texts.
    expect((await visitor.get('/api/legal/privacy?lang=En')).json().title).toBe('Privacy policy');

    const texts = (await admin.get('/api/admin/legal/privacy')).json().texts as { language: string }[];
    expect(texts.map((text) => text.language).sort()).toEqual(['en', 'ru', 'ur', 'uz']);

    const entries = (await admin.get('/api/admin/audit?actor=me&entity=legal_page')).json().items as {
      action: string;
      entity_id: string;
      before: { title: string } | null;
      after: { title: string } | null;
    }[];
    expect(entries[0]).toMatchObject({
      action: 'update',
      entity_id: 'privacy:ru',
      before: { title: 'Политика конфиденциальности' },
      after: { title: 'Конфиденциальность' },
    });
  });

  it('refuses viewers, visitors, calls without the CSRF header, unknown languages and empty texts', async () => {
    const body = { title: 'Terms', body: '<p>Ours now.</p>' };
    expect((await visitor.post('/api/admin/legal/terms/En', body)).statusCode).toBe(401);
    expect((await viewer.post('/api/admin/legal/terms/En', body)).statusCode).toBe(403);
    expect((await viewer.get('/api/admin/legal/terms')).statusCode).toBe(403);
    expect((await admin.post('/api/admin/legal/terms/En', body, { csrf: false })).statusCode).toBe(403);
    expect((await admin.post('/api/admin/legal/terms/Xx', body)).statusCode).toBe(404);
    expect((await admin.post('/api/admin/legal/cookies/En', body)).statusCode).toBe(404);
    const empty = await admin.post('/api/admin/legal/terms/En', {
      title: 'Terms',
      body: '<script>x</script>',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.body).toBe('Enter the text');
    expect((await admin.post('/api/admin/legal/terms/En', { ...body, extra: 1 })).statusCode).toBe(400);
    expect((await visitor.get('/api/legal/terms')).json().body).toContain('30-day free trial');
  });
});
