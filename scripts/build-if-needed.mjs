// Builds what is out of date before the server starts: TypeScript (incremental) and the web app.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The latest modification time of the files under `dir` whose name `accept` takes (0 for none). */
export function newestMtime(dir, accept = () => true) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !accept(entry.name)) continue;
    const stat = fs.statSync(path.join(entry.parentPath ?? entry.path, entry.name));
    newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

function run(command, args, cwd = root) {
  execFileSync(command, args, { cwd, stdio: 'inherit' });
}

export function buildIfNeeded({ web = true } = {}) {
  run(process.execPath, [
    path.join(root, 'node_modules/typescript/bin/tsc'),
    '-b',
    'packages/contract',
    'apps/server',
  ]);
  if (web) buildWebIfNeeded();
}

/**
 * The environment the web app is built in: always a production build (React's production code, the service
 * worker registered), whatever NODE_ENV the server runs with; Vite takes its mode from NODE_ENV when it is set.
 */
export function webBuildEnv(env = process.env) {
  return { ...env, NODE_ENV: 'production' };
}

/** Beside the build: what it was built as, so a build of another kind is made again. */
export const WEB_BUILD_STAMP = '.build-stamp.json';
/** What a build is stamped with: a build stamped otherwise (or not at all) is out of date. */
export const WEB_BUILD_KIND = { mode: 'production', format: 1 };

/** The files a web build is made from: its sources, public files, page, build config and the contract's sources. */
function webInputsAt(webDir, contractSrc) {
  const file = (name) => fs.statSync(path.join(webDir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return Math.max(
    newestMtime(path.join(webDir, 'src')),
    newestMtime(path.join(webDir, 'public')),
    newestMtime(path.join(webDir, 'pwa')),
    newestMtime(contractSrc),
    file('index.html'),
    file('vite.config.ts'),
    file('package.json'),
  );
}

/** Whether the build in `webDir/dist` is a production build made after its inputs last changed. */
export function webBuildIsCurrent(webDir, contractSrc) {
  const stampFile = path.join(webDir, 'dist', WEB_BUILD_STAMP);
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return false;
  }
  const sameKind = Object.entries(WEB_BUILD_KIND).every(([key, value]) => stamp?.[key] === value);
  return sameKind && fs.statSync(stampFile).mtimeMs >= webInputsAt(webDir, contractSrc);
}

/**
 * Builds the web app into apps/web/dist, as a production build, when the build there is not a current one.
 * `build(webDir, env)` runs the build (Vite; tests pass their own).
 */
export function buildWebIfNeeded({
  webDir = path.join(root, 'apps/web'),
  contractSrc = path.join(root, 'packages/contract/src'),
  env = process.env,
  build = viteBuild,
} = {}) {
  if (webBuildIsCurrent(webDir, contractSrc)) return false;
  console.log('Building the web app…');
  build(webDir, webBuildEnv(env));
  fs.writeFileSync(path.join(webDir, 'dist', WEB_BUILD_STAMP), `${JSON.stringify(WEB_BUILD_KIND)}\n`);
  return true;
}

function viteBuild(webDir, env) {
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: webDir, stdio: 'inherit', env },
  );
}
