import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  englishTexts,
  heroTextsOf,
  PAINTED_SECTIONS,
  type PageShells,
  type TitleCard,
} from '@salomtv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  pngImage,
  publishedTitle,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  type TestClient,
} from '../test/harness.js';

/** /home's shells as the web build writes them, in small: a header (signed in or out), the picture, the slide. */
function homeShell(signedIn: boolean, image: boolean): string {
  const account = signedIn
    ? '<button aria-label="{{my_profile}}"></button>'
    : '<a href="/signin">{{sign_in}}</a>';
  const picture = image
    ? '<img src="{{#image_url}}" srcSet="{{#image_srcset}}" width="{{#image_width}}" height="{{#image_height}}"/>'
    : '<div class="gradient"></div>';
  return (
    `<div id="prerendered-page" data-path="/home"><nav aria-label="{{menu}}">${account}</nav>${picture}` +
    '<h2 class="title">{{#title}}</h2><p class="meta"><span class="rating">{{#age_rating}}</span>' +
    '<span>{{#runtime}}</span><span>{{#year}}</span><span>{{#genres}}</span></p>' +
    '<p class="summary">{{#summary}}</p><button>{{play_now}}</button></div>'
  );
}

/** A browse section's shells in small: the header, the picture, the slide with the title's views, the row under it. */
function sectionShell(path: string, signedIn: boolean, image: boolean): string {
  return homeShell(signedIn, image)
    .replace('data-path="/home"', `data-path="${path}"`)
    .replace(
      /<p class="meta">.*<\/button><\/div>$/,
      '<span class="views">{{#views}}</span><button>{{watch_now}}</button><h2 class="row">{{#row_heading}}</h2></div>',
    );
}

/** A page that starts without data (sign-in), in small: the header and the page's first render. */
function pageShell(path: string, signedIn: boolean): string {
  const account = signedIn
    ? '<button aria-label="{{my_profile}}"></button>'
    : '<a href="/signin">{{sign_in}}</a>';
  return (
    `<div id="prerendered-page" data-path="${path}"><nav aria-label="{{menu}}">${account}</nav>` +
    '<h1 class="page">{{sign_in}}</h1><input name="phone_number" placeholder="{{email_or_phone_number}}"/></div>'
  );
}

function writeShells(webDist: string, landing: string): void {
  const shells: PageShells = {
    landing,
    home: {
      signedIn: { image: homeShell(true, true), plain: homeShell(true, false) },
      signedOut: { image: homeShell(false, true), plain: homeShell(false, false) },
    },
    sections: Object.fromEntries(
      Object.keys(PAINTED_SECTIONS).map((path) => [
        path,
        {
          signedIn: { image: sectionShell(path, true, true), plain: sectionShell(path, true, false) },
          signedOut: { image: sectionShell(path, false, true), plain: sectionShell(path, false, false) },
        },
      ]),
    ) as PageShells['sections'],
    pages: { '/signin': { signedIn: pageShell('/signin', true), signedOut: pageShell('/signin', false) } },
  };
  fs.writeFileSync(path.join(webDist, 'page-shells.json'), JSON.stringify(shells));
}

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
    fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"SalomTV"}');
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the service worker as a script asked again on every visit, and the manifest as one', async () => {
    const worker = await t.app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('public, max-age=3600');
    // The worker's offline shell is the app's index.html, at an address of its own.
    const shell = await t.app.inject({ url: '/app-shell' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<div id="root"></div>');
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
  const index = `<!doctype html>\n<html lang="en" dir="ltr"><head><meta name="description" content="${description}"><link rel="stylesheet" crossorigin href="/static/css/index-abc.css"></head><body><div id="root"></div></body></html>`;
  const urduFont = '/static/media/noto-nastaliq-urdu-arabic-400-normal-Xy12.woff2';
  // What the web build writes (apps/web/src/app/prerender/page-shells.tsx), in small.
  const shell =
    '<div id="prerendered-page" data-path="/"><nav aria-label="{{menu}}"><span>{{@language_title}}</span></nav>' +
    '<h1>{{world_best}}</h1><a href="/signupotp">{{sign_up}}</a></div>';
  const heading = (html: string) => /<h1>(.*?)<\/h1>/.exec(html)?.[1];

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), index);
    fs.mkdirSync(path.join(webDist, 'static/css'), { recursive: true });
    fs.writeFileSync(
      path.join(webDist, 'static/css/index-abc.css'),
      `@font-face{font-family:Noto Nastaliq Urdu;src:url(${urduFont})format("woff2");unicode-range:U+6??}`,
    );
    writeShells(webDist, shell);
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
    // Its Nastaliq font is on the way with the stylesheet, so the text is laid out once, in it.
    expect(urdu.body).toContain(
      `<link rel="preload" href="${urduFont}" as="font" type="font/woff2" crossorigin></head>`,
    );
    expect((await t.app.inject({ url: '/' })).body).not.toContain('rel="preload"');
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

  it("paints a page that starts without data in the visitor's language, with the header for a session", async () => {
    const page = await t.app.inject({ url: '/signin?next=%2Fhome', cookies: { lang: 'Ur' } });
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('<html lang="ur" dir="rtl">');
    expect(page.body).toMatch(
      /<h1 class="page">[^<{]+<\/h1><input name="phone_number" placeholder="[^"{]+"\/>/,
    );
    expect(page.body).toContain('<a href="/signin">');
    expect(page.body).not.toContain('{{');
    const signedIn = await t.app.inject({ url: '/signin', cookies: { sid: 'some-session' } });
    expect(signedIn.body).toContain('<h1 class="page">Sign In</h1>');
    expect(signedIn.body).toContain('<button aria-label="My Profile"></button>');
    expect(signedIn.body).not.toContain('href="/signin"');
  });

  it('sends the bare page to a signed-in visitor (they go on to /home) and on every other address', async () => {
    for (const [url, cookies] of [
      ['/', { sid: 'some-session' }],
      ['/home', {}], // no titles yet: nothing to paint
      ['/signup', { lang: 'Ur' }],
      ['/signin/extra', {}],
      ['/constructor', {}],
    ] as const) {
      const page = await t.app.inject({ url, cookies });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(index);
    }
  });
});

/** A visit to /home gets the featured title's hero slide in its HTML: what the app's slide shows, as text. */
describe('/home painted by the server', () => {
  let t: TestApp;
  let admin: TestClient;
  let webDist: string;
  const index =
    '<!doctype html>\n<html lang="en" dir="ltr"><head></head><body><div id="root"></div></body></html>';
  const heading = (html: string) => /<h2 class="title">(.*?)<\/h2>/.exec(html)?.[1];
  const home = (cookies: Record<string, string> = {}) => t.app.inject({ url: '/home', cookies });
  const firstCard = async () => {
    const rows = (await t.app.inject({ url: '/api/catalog/rows' })).json().rows as {
      id: string;
      items: TitleCard[];
    }[];
    return (
      rows.find((row) => row.id === 'featured' && row.items.length) ?? rows.find((row) => row.items.length)
    )?.items[0] as TitleCard;
  };
  const add = (title: string, details: Record<string, unknown>) => publishedTitle(admin, title, details);

  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), index);
    writeShells(webDist, '<div id="prerendered-page" data-path="/"></div>');
    t = await createTestApp({ WEB_DIST: webDist });
    admin = await signedInAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('paints the first featured title, its markup as text, leaving out the fields it lacks', async () => {
    expect((await home()).body).toBe(index); // no titles: the app shows the empty page itself
    await add('Quiet Field', { genres: ['Drama'], age_rating: '13+' });
    const featured = await add('Night "Harbor" <img src=x onerror=alert(1)>', {
      genres: ['Thriller', 'Crime', 'Drama', 'Mystery'],
      featured: true,
      age_rating: '16+',
      year: 2025,
      description: '<p>A harbour <script>alert(1)</script> at {{sign_in}} night.</p>',
    });
    const card = await firstCard();
    expect(card.movie_id).toBe(featured);
    const texts = heroTextsOf(card, 'en', (key) => englishTexts[key]);
    const page = await home();
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    expect(heading(page.body)).toBe('Night &quot;Harbor&quot; &lt;img src=x onerror=alert(1)&gt;');
    expect(page.body).toContain('<span class="rating">16+</span>');
    expect(page.body).toContain('<span>Thriller · Crime · Drama</span>');
    expect(page.body).toContain(`<span>${texts.year}</span>`);
    expect(texts.year).toBe('2025');
    expect(page.body).toContain(`<p class="summary">${texts.summary}</p>`);
    // The description as plain text, as the cards carry it; a mark in it is the admin's text, not filled.
    expect(texts.summary).toBe('A harbour at {{sign_in}} night.');
    expect(texts.runtime).toBe(''); // no video yet: the runtime's element is left out, as the app does
    expect(page.body).not.toContain('<span></span>');
    expect(page.body).toContain('<div class="gradient"></div>'); // no picture
    expect(page.body).toContain('<a href="/signin">Sign In</a>');
    expect(page.body).toContain('<button>Play Now</button></div><div id="root"></div>');
    expect(page.body).not.toMatch(/\{\{[@#]|\{\{play_now/);
    expect(page.body).not.toMatch(/<script|<img src=x/);
  });

  it('shows the profile menu to a signed-in visitor, and paints the language of the lang cookie', async () => {
    // A runtime in the viewer's words (the app's formatter, shared with the server).
    const card = await firstCard();
    await t.app.container.database.db
      .updateTable('titles')
      .set({ duration_seconds: 6720 })
      .where('movie_id', '=', card.movie_id)
      .execute();
    expect((await home({ lang: 'Ru' })).body).toContain('<span>1 ч 52 мин</span>');
    expect((await home()).body).toContain('<span>1 hr 52 min</span>');
    const signedIn = await home({ sid: 'a-session' });
    expect(signedIn.body).toContain('<button aria-label="My Profile"></button>');
    expect(signedIn.body).not.toContain('/signin');
    const urdu = await home({ lang: 'Ur' });
    expect(urdu.body).toContain('<html lang="ur" dir="rtl">');
    expect(urdu.body).not.toContain('<button>Play Now</button>');
    expect(heading(urdu.body)).toContain('Night &quot;Harbor&quot;');
  });

  it("follows the catalogue: the featured title's picture, a new title, and the first row once nothing is featured", async () => {
    const card = await firstCard();
    // A poster is no backdrop: it carries the title as art, and the slide's heading says it already.
    const poster = await admin.postForm('/api/movie/thumbnail', {
      movie_id: String(card.movie_id),
      file: { filename: 'p.png', contentType: 'image/png', data: await pngImage(400, 600) },
    });
    expect(poster.statusCode, poster.body).toBe(200);
    const unpictured = await home();
    expect(unpictured.body).toContain('<div class="gradient"></div>');
    expect(unpictured.body).not.toContain('<img');
    const banner = await admin.postForm('/api/movie/banner', {
      movie_id: String(card.movie_id),
      file: { filename: 'b.png', contentType: 'image/png', data: await pngImage(1600, 900) },
    });
    expect(banner.statusCode, banner.body).toBe(200);
    const image = banner.json().banner as { url: string; srcset: string };
    const pictured = await home();
    expect(pictured.body).toContain(
      `<img src="${image.url}" srcSet="${image.srcset}" width="1600" height="900"/>`,
    );

    await admin.post('/api/movie/details', {
      movie_id: card.movie_id,
      title: 'Harbor Lights',
      featured: false,
    });
    const next = await firstCard();
    expect(next.title).not.toBe(card.title);
    expect(heading((await home()).body)).toBe(next.title);
  });

  it("paints a browse section with its own first title, its views in the language's plural forms, the row under it", async () => {
    const section = (url: string, cookies: Record<string, string> = {}) => t.app.inject({ url, cookies });
    const views = (html: string) => /<span class="views">(.*?)<\/span>/.exec(html)?.[1];
    const rowUnder = (html: string) => /<h2 class="row">(.*?)<\/h2>/.exec(html)?.[1];
    const setViews = (movieId: number, count: number) =>
      t.app.container.database.db
        .updateTable('titles')
        .set({ view_count: count })
        .where('movie_id', '=', movieId)
        .execute();
    expect((await section('/kidsection')).body).toBe(index); // no title for children yet: the app says so itself

    const kids = await add('Little Comet', { age_rating: 'All', kind: 'movie' });
    await setViews(kids, 5);
    const kidsPage = await section('/kidsection');
    expect(kidsPage.headers['cache-control']).toContain('no-store');
    expect(kidsPage.body).toContain('data-path="/kidsection"');
    expect(heading(kidsPage.body)).toBe('Little Comet');
    expect(views(kidsPage.body)).toBe('5 views');
    expect(views((await section('/kidsection', { lang: 'Ru' })).body)).toBe('5 просмотров');
    // Nothing featured for children: the first row of the page is the popular one.
    expect(rowUnder(kidsPage.body)).toBe('Popular movies and shows');
    expect(kidsPage.body).toContain('<button>Watch Now</button><h2 class="row">');

    const series = await add('Silk Road Cipher', { kind: 'series', featured: true });
    await setViews(series, 1);
    const serials = await section('/serials', { lang: 'Ru' });
    expect(heading(serials.body)).toBe('Silk Road Cipher');
    expect(views(serials.body)).toBe('1 просмотр');
    expect(rowUnder(serials.body)).toBe('Рекомендуемые сериалы для просмотра');
    expect(views((await section('/serials')).body)).toBe('1 view');

    // The films' page shows a film, never the featured series; a session gets the profile menu.
    const movies = await section('/movies', { sid: 'a-session' });
    expect(heading(movies.body)).not.toBe('Silk Road Cipher');
    expect(heading(movies.body)).toBeTruthy();
    expect(movies.body).toContain('<button aria-label="My Profile"></button>');
    expect(movies.body).not.toMatch(/\{\{[@#]|\{\{watch_now/);
  });

  it("paints a kids profile's own first slide, never a title above its level", async () => {
    const viewer = await signedInViewer(t.app, '+998900000301');
    const kid = await viewer.post('/api/profiles', { name: 'Kid', kids: true });
    expect(
      (await viewer.post('/api/profiles/select', { profile_id: kid.json().profile_id })).statusCode,
    ).toBe(200);
    await add('Iron Verdict', { genres: ['Crime'], age_rating: '18+', featured: true });
    expect(heading((await home({ sid: 'a-session' })).body)).toBe('Iron Verdict');
    const kids = heading((await home(Object.fromEntries(viewer.cookies))).body);
    const rows = (await viewer.get('/api/catalog/rows')).json().rows as { items: TitleCard[] }[];
    const visible = rows.flatMap((row) => row.items.map((card) => card.title));
    expect(visible).not.toContain('Iron Verdict');
    expect(visible).toContain(kids);
  });
});
