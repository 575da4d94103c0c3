import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { PageShells } from '@salomtv/contract';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import { installableApp } from './pwa/vite-plugin';

const vendorGroups: [RegExp, string][] = [
  [/node_modules\/(react|react-dom|scheduler)\//, 'react'],
  // With the module the page's entry evaluates the router through (src/app/routing/router-library.ts).
  [/node_modules\/react-router\/|src\/app\/routing\/router-library/, 'router'],
  [/node_modules\/@tanstack\//, 'query'],
  [/node_modules\/zod\//, 'zod'],
];
const vendorChunk = (id: string) => vendorGroups.find(([pattern]) => pattern.test(id))?.[1];

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes `.br` and `.gz` beside every script, stylesheet and SVG of the build; the server sends them to browsers
 * that accept them (@fastify/static's preCompressed). Without it the landing page's 160 KB of gzip-able
 * JavaScript travelled as 510 KB (bench/README.md).
 */
const precompress: Plugin = {
  name: 'salomtv-precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist';
    for (const fileName of Object.keys(bundle)) {
      if (!/\.(js|css|svg)$/.test(fileName)) continue;
      const file = path.join(dir, fileName);
      const data = fs.readFileSync(file);
      if (data.length < 1024) continue;
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  },
};

const webRoot = path.dirname(fileURLToPath(import.meta.url));
/**
 * Renders the first paints of the landing page and of /home (src/app/prerender/page-shells.tsx) beside
 * index.html: the app's own header and heroes as static markup with text marks, which the server fills on each
 * visit. Their largest paint then needs no script (bench/README.md, landing page and home page).
 */
const prerenderPages: Plugin = {
  name: 'salomtv-prerender-pages',
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  async writeBundle(options) {
    const outDir = options.dir ?? path.join(webRoot, 'dist');
    // Inside node_modules so that the rendered module finds React and the router there.
    const ssrDir = path.join(webRoot, 'node_modules/.cache/salomtv-page-shells');
    try {
      await build({
        configFile: false,
        root: webRoot,
        logLevel: 'warn',
        plugins: [react()],
        resolve: { conditions: ['source', ...defaultServerConditions] },
        ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
        build: { ssr: 'src/app/prerender/page-shells.tsx', outDir: ssrDir, emptyOutDir: true },
      });
      const entry = pathToFileURL(path.join(ssrDir, 'page-shells.js')).href;
      const shells = (await import(entry)) as {
        renderPageShells: () => PageShells;
        PAGE_SHELLS_FILE: string;
      };
      fs.writeFileSync(path.join(outDir, shells.PAGE_SHELLS_FILE), JSON.stringify(shells.renderPageShells()));
    } finally {
      fs.rmSync(ssrDir, { recursive: true, force: true });
    }
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress, prerenderPages, installableApp(webRoot)],
  resolve: {
    // Build @salomtv/contract straight from its TypeScript sources (its package.json "source" export).
    conditions: ['source', ...defaultClientConditions],
    // zod as the page may run it (src/app/zod.ts); that module itself takes zod by its 'zod/v4' name.
    alias: [{ find: /^zod$/, replacement: path.join(webRoot, 'src/app/zod.ts') }],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'static',
    sourcemap: 'hidden',
    rollupOptions: {
      // Contract modules the app does not import from (only schemas) drop out of the bundle.
      treeshake: {
        preset: 'recommended',
        moduleSideEffects: (id) => !/packages\/contract|node_modules\/zod/.test(id),
      },
      output: {
        // Libraries change less often than the app: their own chunks stay cached across deployments.
        manualChunks: (id) => vendorChunk(id),
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: (asset) => {
          const name = asset.names[0] ?? '';
          return name.endsWith('.css')
            ? 'static/css/[name]-[hash][extname]'
            : 'static/media/[name]-[hash][extname]';
        },
      },
    },
  },
});
