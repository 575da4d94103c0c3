// The server as one CommonJS file (apps/server/dist/main.bundle.cjs), which `npm start` runs through
// scripts/run-server-bundle.cjs with V8's code cache. Node 20 keeps no compiled code between starts for ES
// modules; one script with a code cache skips resolving, reading and compiling about 1,100 modules
// (cold start in bench/README.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime, root } from './build-if-needed.mjs';

const dist = path.join(root, 'apps/server/dist');

/** The bundle's file name in a server build folder. */
const BUNDLE_FILE = 'main.bundle.cjs';

/** The bundle of the server's own build (`bundleServer()` with no folder writes it). */
export const SERVER_BUNDLE = path.join(dist, BUNDLE_FILE);

/** The runner that starts a bundle with its code cache; `node <runner> <bundle>`. */
export const SERVER_BUNDLE_RUNNER = path.join(root, 'scripts/run-server-bundle.cjs');

// Left to Node's own loader: native addons and the packages that locate their binaries.
const EXTERNAL = [
  'better-sqlite3',
  '@node-rs/argon2',
  'sharp',
  '@ffmpeg-installer/*',
  '@ffprobe-installer/*',
  'pg-native',
];

// Bundled packages that read their own files from `__dirname` (the API docs' page and scripts).
const READS_OWN_FILES = ['@fastify/swagger-ui'];

/**
 * In the bundle every module shares the bundle's `__dirname`; in these packages it becomes the folder the
 * file has in the installed package, found at run time. Left out of the bundle, the docs plugin would load its
 * own copy of `yaml` and more through Node's loader on every start.
 */
const ownDirname = {
  name: 'own-dirname',
  setup(build) {
    for (const pkg of READS_OWN_FILES) {
      const marker = `${path.sep}node_modules${path.sep}${pkg.split('/').join(path.sep)}${path.sep}`;
      const packageJson = `${pkg}/package.json`;
      // The package's folder, at run time: the bundle resolves it as the package itself would be resolved.
      const packageDir = `require('node:path').dirname(require.resolve(${JSON.stringify(packageJson)}))`;
      build.onLoad({ filter: /\.js$/ }, async (args) => {
        const at = args.path.lastIndexOf(marker);
        if (at < 0) return undefined;
        const within = path
          .dirname(args.path.slice(at + marker.length))
          .split(path.sep)
          .filter((part) => part !== '.');
        const dir = `require('node:path').join(${[packageDir, ...within.map((part) => JSON.stringify(part))].join(', ')})`;
        const source = await fs.promises.readFile(args.path, 'utf8');
        return { contents: source.replaceAll('__dirname', `(${dir})`), loader: 'js' };
      });
    }
  },
};

/**
 * Bundles `<serverDist>/main.js` when any compiled file is newer than the bundle. The bundle sits beside
 * main.js, so paths the code takes from `import.meta.url` (the web build, `createRequire`) resolve as from main.js.
 */
export async function bundleServer(serverDist = dist) {
  const outfile = path.join(serverDist, BUNDLE_FILE);
  const builtAt = fs.statSync(outfile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  // The compiled `.js` files only: the bundle, its cache and its licences sit in the same folder.
  if (builtAt > newestMtime(serverDist, (name) => name.endsWith('.js'))) return outfile;
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(serverDist, 'main.js')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: [...EXTERNAL, ...READS_OWN_FILES.map((pkg) => `${pkg}/package.json`)],
    // `import()` of a package left out (sharp, argon2) becomes `require()`, with Node's interop for `default`:
    // a script run from V8's code cache has no module loader of its own for `import()`.
    supported: { 'dynamic-import': false },
    // ASCII only (strings escaped, comments dropped, licences in main.bundle.cjs.LEGAL.txt), so the runner can
    // hand V8 a one-byte string without decoding UTF-8 (about 20 ms a start). Names are kept for stack traces.
    charset: 'ascii',
    minifyWhitespace: true,
    legalComments: 'external',
    define: { 'import.meta.url': '__bundleFileUrl' },
    banner: { js: "const __bundleFileUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [ownDirname],
    logLevel: 'warning',
  });
  return outfile;
}

// `node scripts/server-bundle.mjs` (part of `npm run build`): bundles the server if it is out of date.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`Server bundle: ${path.relative(root, await bundleServer())}`);
}
