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

/** Builds the web app into apps/web/dist when its sources (or the contract's) are newer than its last build. */
export function buildWebIfNeeded() {
  const webDir = path.join(root, 'apps/web');
  const builtIndex = path.join(webDir, 'dist/index.html');
  const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(
    newestMtime(path.join(webDir, 'src')),
    newestMtime(path.join(webDir, 'public')),
    newestMtime(path.join(root, 'packages/contract/src')),
    fs.statSync(path.join(webDir, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0,
  );
  if (builtAt < sourcesAt) {
    console.log('Building the web app…');
    run(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      webDir,
    );
  }
}
