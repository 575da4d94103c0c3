import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  DEFAULT_LANGUAGE_KEYWORD,
  directionOf,
  type FirstSlide,
  heroTextsOf,
  htmlLangOf,
  keywordSchema,
  LANGUAGE_COOKIE,
  PAGE_SHELLS_FILE,
  PAINTED_SECTIONS,
  type PageShells,
  type PaintedSection,
  rowHeading,
  type SectionFilters,
  type TextsRecord,
  type TitleCard,
  type TranslationKey,
  translate,
  translatePlural,
  viewsText,
} from '@salomtv/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtmlAttribute } from '../lib/html-escape.js';
import { PreparedBody, sendPreparedBody } from './cached-reply.js';
import { issueCsrfCookie } from './csrf.js';
import { SESSION_COOKIE } from './session-cookie.js';

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

const HTML_TYPE = 'text/html; charset=utf-8';
/** The service worker the web build writes (apps/web/pwa/vite-plugin.ts). */
const SERVICE_WORKER = 'sw.js';
const MARK = /\{\{([@#]?)([A-Za-z0-9_]+)\}\}/g;
const HTML_TAG = /<html lang="en" dir="ltr">/;
const ROOT_DIV = '<div id="root"></div>';

type PageRecord = TextsRecord & { keyword: string };
/** Where the first paints read a language's texts (the languages service, from its short cache). */
export type PageTexts = (keyword: string) => Promise<PageRecord>;
/**
 * The first slide of a browse page's carousel and the row under it (the catalogue service): `/home`'s with no
 * filters, a section's with its rows call's, in the page's language. The same object until the catalogue changes.
 */
/** A carousel's first slide for the request's viewer (a profile's maturity ceiling applies to its session). */
export type FirstSlideOf = (
  filters: SectionFilters,
  keyword: string,
  sessionToken: string | undefined,
) => Promise<FirstSlide | undefined>;
/** A carousel page's shells for one header: the slide on the title's picture, or without one. */
type SlideShells = PageShells['home']['signedIn'];
/** A slide's marks for a title (and the row under it), in a language. */
type SlideFields = (slide: FirstSlide, record: PageRecord) => Record<string, string>;

/** The picture the carousel shows behind a slide (the banner, never the poster). */
function pictureFields(card: TitleCard): Record<string, string> {
  const image = card.banner;
  return {
    image_url: image?.url ?? '',
    image_srcset: image?.srcset ?? '',
    image_width: String(image?.width ?? ''),
    image_height: String(image?.height ?? ''),
  };
}

/** `/home`'s hero slide: the title's texts and picture. */
const heroFields: SlideFields = ({ card }, record) => ({
  ...heroTextsOf(card, htmlLangOf(record.keyword), (key) => translate(record, key)),
  ...pictureFields(card),
});

/** A section's slide (the title, its views in the language's plural form, the picture) and its first row's heading. */
const statsFields: SlideFields = ({ card, firstRow }, record) => ({
  title: card.title,
  views: viewsText(
    (key, count, shown) => translatePlural(record, key, count, shown),
    card.view_count,
    record.keyword,
  ),
  ...pictureFields(card),
  row_heading: firstRow ? rowHeading(firstRow, (key) => translate(record, key)) : '',
});

/** A shell with its marks filled, every value escaped, in one pass: a value that holds a mark stays as it is. */
function fillShell(shell: string, record: PageRecord, hero: Record<string, string> = {}): string {
  let markup = shell;
  // An element that holds nothing but an empty field goes, as the app leaves it out.
  for (const [name, value] of Object.entries(hero)) {
    if (!value)
      markup = markup.replace(new RegExp(`<([a-z0-9]+)\\b[^>]*>\\{\\{#${name}\\}\\}</\\1>`, 'g'), '');
  }
  return markup.replace(MARK, (_mark, kind: string, name: string) =>
    escapeHtmlAttribute(
      kind === '@'
        ? String(record[name] ?? '')
        : kind === '#'
          ? (hero[name] ?? '')
          : translate(record, name as TranslationKey),
    ),
  );
}

function readShells(distDir: string): PageShells | undefined {
  const file = path.join(distDir, PAGE_SHELLS_FILE);
  if (!fs.existsSync(file)) return undefined;
  const shells = JSON.parse(fs.readFileSync(file, 'utf8')) as PageShells;
  const home = shells.home;
  const pages: Partial<PageShells['pages'][string]>[] =
    typeof shells.pages === 'object' && shells.pages !== null ? Object.values(shells.pages) : [{}];
  const all = [
    shells.landing,
    home?.signedIn?.image,
    home?.signedIn?.plain,
    home?.signedOut?.image,
    home?.signedOut?.plain,
    ...pages.flatMap((page) => [page?.signedIn, page?.signedOut]),
    ...Object.keys(PAINTED_SECTIONS).flatMap((path) => {
      const section = shells.sections?.[path as PaintedSection];
      return [
        section?.signedIn?.image,
        section?.signedIn?.plain,
        section?.signedOut?.image,
        section?.signedOut?.plain,
      ];
    }),
  ];
  if (!all.every((shell) => typeof shell === 'string'))
    throw new Error(`${file} is not what the web build writes`);
  return shells;
}

/** Page languages (`<html lang>`) whose text is set in a font the app ships, by the file name it is built from. */
const SHIPPED_FONTS: Record<string, string> = { ur: 'noto-nastaliq-urdu-arabic-400-normal' };

/**
 * The address of each shipped font's regular weight as the built stylesheets name it, by page language: a page in
 * that language preloads it, so its text is laid out once, in the font, instead of again when the font arrives.
 */
function fontPreloads(distDir: string, indexHtml: string): Record<string, string> {
  const preloads: Record<string, string> = {};
  for (const [, href] of indexHtml.matchAll(/<link rel="stylesheet"[^>]* href="\/(static\/[^"]+\.css)"/g)) {
    const file = path.join(distDir, href!);
    if (!fs.existsSync(file)) continue;
    const css = fs.readFileSync(file, 'utf8');
    for (const [lang, name] of Object.entries(SHIPPED_FONTS)) {
      const url = new RegExp(`url\\(["']?(/static/[^)"']*${name}[^)"']*\\.woff2)["']?\\)`).exec(css)?.[1];
      if (url) preloads[lang] = url;
    }
  }
  return preloads;
}

/**
 * First paints: index.html with a page's header and hero already in it, in the language of the `lang` cookie
 * (else the default), so the page's largest paint needs no script. A signed-out visit to `/` gets the landing
 * page; a visit to `/home` gets the featured title's hero slide, a browse section its first title's slide, and
 * sign-in and the pricing page their start. The app replaces them when its own page renders
 * (apps/web/src/shared/hooks/first-paint.ts).
 */
function firstPaints(
  indexHtml: string,
  shells: PageShells,
  texts: PageTexts,
  firstSlideOf: FirstSlideOf,
  fonts: Record<string, string>,
) {
  if (!HTML_TAG.test(indexHtml) || !indexHtml.includes(ROOT_DIV)) {
    throw new Error('index.html has no <html lang="en" dir="ltr"> or no empty #root to paint pages in');
  }
  // Pages per record object (the languages service replaces the object when the record changes), then per
  // shell, each kept with the slide it shows (a new object when the catalogue changes).
  const pages = new WeakMap<
    TextsRecord,
    Map<SlideShells | string, { slide?: FirstSlide; page: PreparedBody }>
  >();
  const page = (
    record: PageRecord,
    shell: SlideShells | string,
    shown?: { slide: FirstSlide; fields: SlideFields },
  ) => {
    const slide = shown?.slide;
    let forRecord = pages.get(record);
    if (!forRecord) {
      forRecord = new Map();
      pages.set(record, forRecord);
    }
    const kept = forRecord.get(shell);
    if (kept && kept.slide === slide) return kept.page;
    const hero = shown ? shown.fields(shown.slide, record) : undefined;
    const template = typeof shell === 'string' ? shell : shell[hero?.image_url ? 'image' : 'plain'];
    const markup = fillShell(template, record, hero);
    const lang = htmlLangOf(record.keyword);
    const font = fonts[lang];
    const html = indexHtml
      .replace(HTML_TAG, `<html lang="${escapeHtmlAttribute(lang)}" dir="${directionOf(record)}">`)
      .replace(
        '</head>',
        font
          ? `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin></head>`
          : '</head>',
      )
      .replace(ROOT_DIV, `${markup}${ROOT_DIV}`);
    const prepared = new PreparedBody(html, HTML_TYPE);
    forRecord.set(shell, { ...(slide ? { slide } : {}), page: prepared });
    return prepared;
  };
  const find = async (keyword: string) => {
    try {
      return await texts(keyword);
    } catch {
      return undefined; // an unknown keyword (a deleted language) paints in the default one
    }
  };
  const recordFor = async (request: FastifyRequest) => {
    const wanted = keywordSchema.safeParse(request.cookies[LANGUAGE_COOKIE] ?? '');
    return (wanted.success ? await find(wanted.data) : undefined) ?? (await find(DEFAULT_LANGUAGE_KEYWORD));
  };
  return async (request: FastifyRequest, pathName: string): Promise<PreparedBody | undefined> => {
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    // Signed-in visitors to `/` go on to /home: they get the bare page, as every other address does.
    if (pathName === '/' && !signedIn) {
      const record = await recordFor(request);
      return record && page(record, shells.landing);
    }
    const header = signedIn ? 'signedIn' : 'signedOut';
    const carousel =
      pathName === '/home'
        ? { shells: shells.home, filters: {}, fields: heroFields }
        : Object.hasOwn(PAINTED_SECTIONS, pathName)
          ? {
              shells: shells.sections[pathName as PaintedSection],
              filters: PAINTED_SECTIONS[pathName as PaintedSection].filters,
              fields: statsFields,
            }
          : undefined;
    if (carousel) {
      const record = await recordFor(request);
      const slide =
        record && (await firstSlideOf(carousel.filters, record.keyword, request.cookies[SESSION_COOKIE]));
      if (!record || !slide) return undefined; // no titles yet: the app shows the empty page itself
      return page(record, carousel.shells[header], { slide, fields: carousel.fields });
    }
    const still = Object.hasOwn(shells.pages, pathName) ? shells.pages[pathName] : undefined;
    if (still) {
      const record = await recordFor(request);
      return record && page(record, still[header]);
    }
    return undefined;
  };
}

/**
 * Serves the built single-page app: hashed chunks under /static/ cached for a year, index.html never cached,
 * and index.html for every other page address so deep links load the app.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  pageTexts: PageTexts,
  firstSlideOf: FirstSlideOf,
): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built: only the API is served (run npm run build)');
    return false;
  }
  const indexHtml = fs.readFileSync(indexFile);
  const shells = readShells(distDir);
  const firstPaint =
    shells &&
    firstPaints(
      indexHtml.toString(),
      shells,
      pageTexts,
      firstSlideOf,
      fontPreloads(distDir, indexHtml.toString()),
    );
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'static'),
    prefix: '/static/',
    decorateReply: false,
    wildcard: true,
    index: false,
    immutable: true,
    maxAge: '365d',
    cacheControl: true,
    // The build writes .br and .gz beside each chunk (apps/web/vite.config.ts): sent when the browser accepts them.
    preCompressed: true,
  });
  // Top-level files of the build (icons, robots.txt, the manifest), each served as it is. The service worker is
  // asked again on every visit, so a new build's worker is found at once.
  for (const entry of fs.readdirSync(distDir, { withFileTypes: true })) {
    // Dot files are the build's own notes (its stamp), not the site's.
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    if (entry.name === 'index.html' || entry.name === PAGE_SHELLS_FILE) continue;
    const content = fs.readFileSync(path.join(distDir, entry.name));
    const type = contentTypes[path.extname(entry.name)] ?? 'application/octet-stream';
    const caching = entry.name === SERVICE_WORKER ? 'no-cache' : 'public, max-age=3600';
    app.get(`/${entry.name}`, (_request, reply) =>
      reply.header('cache-control', caching).type(type).send(content),
    );
  }
  app.decorate('sendIndexHtml', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache, no-store, must-revalidate');
    // The page's scripts echo it on every change they make.
    issueCsrfCookie(request, reply);
    const page = await firstPaint?.(request, request.url.split('?')[0] ?? '');
    if (page) return sendPreparedBody(request, reply, page);
    return reply.type(HTML_TYPE).send(indexHtml);
  });
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    sendIndexHtml?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}
