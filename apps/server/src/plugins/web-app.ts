import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  DEFAULT_LANGUAGE_KEYWORD,
  directionOf,
  htmlLangOf,
  keywordSchema,
  LANGUAGE_COOKIE,
  type TextsRecord,
  type TranslationKey,
  translate,
} from '@salomtv/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtmlAttribute } from '../lib/html-escape.js';
import { PreparedBody, sendPreparedBody } from '../lib/prepared-body.js';
import { SESSION_COOKIE } from './access.js';

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

/** The landing page's first paint, written by the web build beside index.html (apps/web/vite.config.ts). */
const LANDING_SHELL_FILE = 'landing-shell.html';
const HTML_TYPE = 'text/html; charset=utf-8';
const TEXT_MARK = /\{\{(@?)([A-Za-z0-9_]+)\}\}/g;
const HTML_TAG = /<html lang="en" dir="ltr">/;
const ROOT_DIV = '<div id="root"></div>';

/** Where the landing page reads a language's texts (the languages service, from its short cache). */
export type LandingTexts = (keyword: string) => Promise<TextsRecord & { keyword: string }>;

/**
 * The landing page as a signed-out visitor's first answer: index.html with the header and hero already in it,
 * in the language of the `lang` cookie (else the default), so the largest paint needs no script. The app
 * replaces it when its own landing page renders (apps/web/src/shared/prerender/prerendered-landing.ts).
 */
function landingPages(indexHtml: string, shell: string, texts: LandingTexts) {
  if (!HTML_TAG.test(indexHtml) || !indexHtml.includes(ROOT_DIV)) {
    throw new Error(
      'index.html has no <html lang="en" dir="ltr"> or no empty #root to paint the landing page in',
    );
  }
  // One page per record object: the languages service replaces the object when the record changes.
  const pages = new WeakMap<TextsRecord, PreparedBody>();
  const render = (record: TextsRecord & { keyword: string }) => {
    const markup = shell.replace(TEXT_MARK, (_mark, identity: string, name: string) =>
      escapeHtmlAttribute(identity ? String(record[name] ?? '') : translate(record, name as TranslationKey)),
    );
    const html = indexHtml
      .replace(
        HTML_TAG,
        `<html lang="${escapeHtmlAttribute(htmlLangOf(record.keyword))}" dir="${directionOf(record)}">`,
      )
      .replace(ROOT_DIV, `${markup}${ROOT_DIV}`);
    return new PreparedBody(html, HTML_TYPE);
  };
  const find = async (keyword: string) => {
    try {
      return await texts(keyword);
    } catch {
      return undefined; // an unknown keyword (a deleted language) paints in the default one
    }
  };
  return async (request: FastifyRequest): Promise<PreparedBody | undefined> => {
    const wanted = keywordSchema.safeParse(request.cookies[LANGUAGE_COOKIE] ?? '');
    const record =
      (wanted.success ? await find(wanted.data) : undefined) ?? (await find(DEFAULT_LANGUAGE_KEYWORD));
    if (!record) return undefined;
    let page = pages.get(record);
    if (!page) {
      page = render(record);
      pages.set(record, page);
    }
    return page;
  };
}

/**
 * Serves the built single-page app: hashed chunks under /static/ cached for a year, index.html never cached,
 * and index.html for every other page address so deep links load the app.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  landingTexts: LandingTexts,
): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built: only the API is served (run npm run build)');
    return false;
  }
  const indexHtml = fs.readFileSync(indexFile);
  const shellFile = path.join(distDir, LANDING_SHELL_FILE);
  const landingPage = fs.existsSync(shellFile)
    ? landingPages(indexHtml.toString(), fs.readFileSync(shellFile, 'utf8'), landingTexts)
    : undefined;
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
  // Top-level files of the build (icons, robots.txt), each served as it is.
  for (const entry of fs.readdirSync(distDir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name === 'index.html' || entry.name === LANDING_SHELL_FILE) continue;
    const content = fs.readFileSync(path.join(distDir, entry.name));
    const type = contentTypes[path.extname(entry.name)] ?? 'application/octet-stream';
    app.get(`/${entry.name}`, (_request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').type(type).send(content),
    );
  }
  app.decorate('sendIndexHtml', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache, no-store, must-revalidate');
    // Signed-in visitors go on to /home: they get the bare page, as every other address does.
    const pathName = request.url.split('?')[0];
    if (landingPage && pathName === '/' && !request.cookies[SESSION_COOKIE]) {
      const page = await landingPage(request);
      if (page) return sendPreparedBody(request, reply, page);
    }
    return reply.type(HTML_TYPE).send(indexHtml);
  });
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    sendIndexHtml?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}
