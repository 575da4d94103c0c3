// `node run-server-bundle.cjs <bundle.cjs>`: runs the server bundle (scripts/server-bundle.mjs) as Node would
// run it as a CommonJS module, with V8's code cache kept beside it. The first start writes the cache a few
// seconds in, or at its exit if that comes first (the functions compiled by then, start-up included); later
// starts take their compiled code from it.
// A cache V8 refuses (another Node version, other flags) is written again; a folder it cannot write to only
// costs the cache.
'use strict';
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

const CACHE_WRITE_DELAY_MS = 5000;

const bundle = path.resolve(process.argv[2] ?? '');
// The server sees the usual argv: node, then its own file.
process.argv.splice(1, 2, bundle);

const stat = fs.statSync(bundle);
// Beside the bundle, or in SERVER_CODE_CACHE_DIR (for an application folder that is read-only). Named after
// the bundle's size and time: a rebuilt bundle never meets a cache of the one before (V8 itself compares only
// the source's length).
const cacheDir = process.env.SERVER_CODE_CACHE_DIR || path.dirname(bundle);
const cacheFile = path.join(
  cacheDir,
  `${path.basename(bundle)}.${stat.size}-${Math.trunc(stat.mtimeMs)}.cache`,
);
const bytes = fs.readFileSync(bundle);
// The bundle is ASCII (esbuild's `charset: 'ascii'`): read as Latin-1 it becomes a one-byte string at once.
const source = require('node:buffer').isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
let cachedData;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}

const script = new vm.Script(Module.wrap(source), {
  filename: bundle,
  cachedData,
});

if (cachedData === undefined || script.cachedDataRejected) {
  let written = false;
  const writeCache = () => {
    if (written) return;
    written = true;
    const partial = `${cacheFile}.${process.pid}.tmp`;
    // The caches of earlier bundles of this name can never be used again.
    const stale = (name) =>
      name.startsWith(`${path.basename(bundle)}.`) &&
      name.endsWith('.cache') &&
      name !== path.basename(cacheFile);
    try {
      fs.writeFileSync(partial, script.createCachedData());
      fs.renameSync(partial, cacheFile);
      for (const name of fs.readdirSync(cacheDir).filter(stale))
        fs.rmSync(path.join(cacheDir, name), { force: true });
    } catch {
      // No cache this time (a read-only folder, a full disk): the server runs all the same.
      try {
        fs.rmSync(partial, { force: true });
      } catch {}
    }
  };
  setTimeout(writeCache, CACHE_WRITE_DELAY_MS).unref();
  // A server stopped sooner (a restart, a deploy check) leaves its start-up's compiled code for the next one.
  process.once('exit', writeCache);
}

const serverModule = new Module(bundle, module);
serverModule.filename = bundle;
script
  .runInThisContext()
  .call(
    serverModule.exports,
    serverModule.exports,
    Module.createRequire(bundle),
    serverModule,
    bundle,
    path.dirname(bundle),
  );
