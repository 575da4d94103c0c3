import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildId, shellFiles, tokenColour, webManifest } from './vite-plugin';

const css = fs.readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/index.css'),
  'utf8',
);

describe('the installable app', () => {
  it('has a manifest with its name, icons and the design tokens’ colours, opening standalone', () => {
    const manifest = webManifest(css);
    expect(manifest).toMatchObject({
      name: 'SalomTV',
      short_name: 'SalomTV',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toBe(tokenColour(css, 'bg'));
    expect(manifest.background_color).toBe('#0b0d12');
    expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    expect(() => tokenColour(css, 'nowhere')).toThrow(/--color-nowhere/);
  });

  it('keeps the files index.html loads at once as the shell', () => {
    const html =
      '<script type="module" crossorigin src="/static/js/index-a1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/static/js/react-b2.js">' +
      '<link rel="stylesheet" crossorigin href="/static/css/index-c3.css"><link rel="icon" href="/favicon.svg">' +
      '<script type="module" src="/static/js/index-a1.js"></script>';
    expect(shellFiles(html)).toEqual([
      '/static/js/index-a1.js',
      '/static/js/react-b2.js',
      '/static/css/index-c3.css',
    ]);
  });

  it('gives each build its own id, so its worker and cache replace the last build’s', () => {
    const files = ['index.html', 'static/js/index-a1.js', 'static/css/index-c3.css'];
    expect(buildId(files, '{}')).toMatch(/^[0-9a-f]{16}$/);
    expect(buildId([...files].reverse(), '{}')).toBe(buildId(files, '{}'));
    expect(buildId(['index.html', 'static/js/index-a2.js', 'static/css/index-c3.css'], '{}')).not.toBe(
      buildId(files, '{}'),
    );
    expect(buildId(files, '{"name":"x"}')).not.toBe(buildId(files, '{}'));
  });
});
