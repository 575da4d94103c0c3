import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const BUILD_LINE = /^const BUILD = .*;$/m;
/** The app's icons (made by pwa/make-icons.mjs into public/), offered by the manifest and kept by the worker. */
const ICONS = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** A colour of the design tokens (src/index.css), so the installed app's frame matches the site. */
export function tokenColour(css: string, name: string): string {
  const match = new RegExp(`--color-${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css);
  if (!match?.[1]) throw new Error(`src/index.css has no --color-${name}`);
  return match[1];
}

/** The web app manifest: what a browser installs. */
export function webManifest(css: string) {
  const colour = tokenColour(css, 'bg');
  return {
    id: '/',
    name: 'SalomTV',
    short_name: 'SalomTV',
    description: 'Movies, serials and kids shows, in your language.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: colour,
    theme_color: colour,
    categories: ['entertainment'],
    icons: ICONS,
  };
}

/** The files the page's HTML loads at once (entry script, its preloads, stylesheets). */
export function shellFiles(indexHtml: string): string[] {
  return [...new Set([...indexHtml.matchAll(/(?:src|href)="(\/static\/[^"]+)"/g)].map((m) => m[1]!))];
}

/** A build's id: it changes with any file of the build (their names carry their content hashes). */
export function buildId(fileNames: readonly string[], manifest: string): string {
  return createHash('sha256')
    .update([...fileNames].sort().join('\n'))
    .update(manifest)
    .digest('hex')
    .slice(0, 16);
}

/**
 * Makes the site installable: writes `manifest.webmanifest` (colours from the design tokens) and `sw.js`, the
 * service worker of pwa/service-worker.js with this build's id and the files of its app shell. The id changes
 * with any file of the build, so a new build installs a new worker, which drops the old cache when it takes over.
 */
export function installableApp(webRoot: string): Plugin {
  return {
    name: 'salomtv-installable-app',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options, bundle) {
      const outDir = options.dir ?? path.join(webRoot, 'dist');
      const manifest = `${JSON.stringify(webManifest(fs.readFileSync(path.join(webRoot, 'src/index.css'), 'utf8')), null, 2)}\n`;
      fs.writeFileSync(path.join(outDir, 'manifest.webmanifest'), manifest);
      const index = bundle['index.html'];
      const html = index && index.type === 'asset' ? String(index.source) : '';
      const precache = ['/app-shell', ...shellFiles(html), '/manifest.webmanifest', '/favicon.svg'];
      precache.push(...ICONS.map((icon) => icon.src));
      const id = buildId(Object.keys(bundle), manifest);
      const template = fs.readFileSync(path.join(here, 'service-worker.js'), 'utf8');
      if (!BUILD_LINE.test(template)) throw new Error('pwa/service-worker.js has no "const BUILD = …;" line');
      const worker = template.replace(BUILD_LINE, `const BUILD = ${JSON.stringify({ id, precache })};`);
      fs.writeFileSync(path.join(outDir, 'sw.js'), worker);
    },
  };
}
