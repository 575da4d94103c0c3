import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp } from '../test/harness.js';

/** The web build writes .br and .gz beside each chunk; a browser that accepts them gets those bytes. */
describe('precompressed web app chunks', () => {
  let t: TestApp;
  let webDist: string;
  const script = `console.log(${JSON.stringify('salomtv '.repeat(400))});`;

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-web-'));
    const js = path.join(webDist, 'static/js/index-abc123.js');
    fs.mkdirSync(path.dirname(js), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(js, script);
    fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${js}.gz`, zlib.gzipSync(script));
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('sends brotli, then gzip, then the plain file, each with the long cache and the script type', async () => {
    const url = '/static/js/index-abc123.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const response of [br, gz, plain]) {
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toContain('immutable');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    }
  });
});

/** A signed-out visit to `/` gets the landing page's header and hero in its HTML, in the visitor's language. */
describe('the landing page painted by the server', () => {
  let t: TestApp;
  let webDist: string;
  // Above the size where answers are compressed, as the real page is.
  const description = 'Movies, serials and kids shows. '.repeat(40);
  const index = `<!doctype html>\n<html lang="en" dir="ltr"><head><meta name="description" content="${description}"></head><body><div id="root"></div></body></html>`;
  // What the web build writes (apps/web/src/app/prerender/landing-shell.tsx), in small.
  const shell =
    '<div id="prerendered-landing"><nav aria-label="{{menu}}"><span>{{@language_title}}</span></nav>' +
    '<h1>{{world_best}}</h1><a href="/signupotp">{{sign_up}}</a></div>';
  const heading = (html: string) => /<h1>(.*?)<\/h1>/.exec(html)?.[1];

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), index);
    fs.writeFileSync(path.join(webDist, 'landing-shell.html'), shell);
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('paints English for a first visit, before #root, never cached, compressed for browsers', async () => {
    const page = await t.app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('<html lang="en" dir="ltr">');
    expect(heading(page.body)).toBe('The world&#39;s best movies and serials, all in one place');
    expect(page.body).toContain('<nav aria-label="Menu"><span>English</span></nav>');
    expect(page.body).toContain('<a href="/signupotp">Sign Up</a></div><div id="root"></div>');
    expect(page.body).not.toContain('{{');
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(page.body);
  });

  it('paints the language of the lang cookie, right to left for Urdu; an unknown or malformed one paints English', async () => {
    const urdu = await t.app.inject({ url: '/?from=ad', cookies: { lang: 'Ur' } });
    expect(urdu.body).toContain('<html lang="ur" dir="rtl">');
    expect(heading(urdu.body)).toBe('دنیا کی بہترین فلمیں اور ڈرامے، سب ایک ہی جگہ');
    for (const lang of ['Zz', '"><script>alert(1)</script>', '../../etc']) {
      const page = await t.app.inject({ url: '/', cookies: { lang } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<html lang="en" dir="ltr">');
      expect(heading(page.body)).toContain('best movies');
      expect(page.body).not.toContain('<script>');
    }
  });

  it("shows an admin's edit at once, with markup in the texts as text", async () => {
    const admin = await signedInAdmin(t.app);
    const english = (await admin.get('/api/language/select'))
      .json()
      .find((l: { keyword: string }) => l.keyword === 'En');
    const edited = await admin.postForm('/api/language/update', {
      lang_id: String(english.lang_id),
      language_title: 'English <img src=x onerror=alert(1)>',
      keyword: 'En',
      world_best: 'Films "for" <script>alert(1)</script> you',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const page = await t.app.inject({ url: '/' });
    expect(heading(page.body)).toBe('Films &quot;for&quot; &lt;script&gt;alert(1)&lt;/script&gt; you');
    expect(page.body).toContain('<span>English &lt;img src=x onerror=alert(1)&gt;</span>');
    expect(page.body).not.toContain('<script>');
  });

  it('sends the bare page to a signed-in visitor (they go on to /home) and on every other address', async () => {
    for (const [url, cookies] of [
      ['/', { sid: 'some-session' }],
      ['/home', {}],
      ['/signin', { lang: 'Ur' }],
    ] as const) {
      const page = await t.app.inject({ url, cookies });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(index);
    }
  });
});
