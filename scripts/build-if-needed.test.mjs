// `node --test scripts/build-if-needed.test.mjs`: the web app `npm start` serves is a production build whatever
// NODE_ENV the server runs with, and a build of another kind is made again.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { buildWebIfNeeded, root, WEB_BUILD_STAMP, webBuildEnv } from './build-if-needed.mjs';

const vite = path.join(root, 'node_modules/vite/bin/vite.js');

/** A web app of one page whose script renders with React and says which build it is in. */
function fixtureApp() {
  // Inside the repository, so that React resolves from its node_modules.
  const dir = fs.mkdtempSync(path.join(root, 'apps/web/.build-env-test-'));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><div id="root"></div><script type="module" src="/src/main.js"></script>',
  );
  fs.writeFileSync(
    path.join(dir, 'src/main.js'),
    [
      "import { createElement } from 'react';",
      "import { createRoot } from 'react-dom/client';",
      "if (import.meta.env.DEV) console.log('BUILT-AS-DEVELOPMENT');",
      "createRoot(document.getElementById('root')).render(createElement('p', null, 'hi'));",
    ].join('\n'),
  );
  return dir;
}

/** Vite's own build of the fixture, in the environment it is handed (as `npm start` runs it). */
const viteBuild = (webDir, env) =>
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'error'], { cwd: webDir, env, stdio: 'pipe' });

const bundleText = (dir) =>
  fs
    .readdirSync(path.join(dir, 'dist'), { recursive: true })
    .filter((name) => String(name).endsWith('.js'))
    .map((name) => fs.readFileSync(path.join(dir, 'dist', String(name)), 'utf8'))
    .join('\n');

test('with NODE_ENV=development in the environment the web app is built for production', () => {
  assert.equal(webBuildEnv({ NODE_ENV: 'development', PATH: '/bin' }).NODE_ENV, 'production');
  assert.equal(webBuildEnv({ PATH: '/bin' }).PATH, '/bin');
  const dir = fixtureApp();
  try {
    const built = buildWebIfNeeded({
      webDir: dir,
      contractSrc: path.join(dir, 'src'),
      env: { ...process.env, NODE_ENV: 'development' },
      build: viteBuild,
    });
    assert.equal(built, true);
    const js = bundleText(dir);
    assert.ok(js.includes('createRoot') || js.length > 50_000, 'the bundle holds React');
    assert.ok(!js.includes('BUILT-AS-DEVELOPMENT'), 'no development-only code in the bundle');
    // React's development build names its checks ("Each child in a list…"); the production one does not.
    assert.ok(!/unique "key" prop/.test(js), "React's production build, not its development one");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a later start with another NODE_ENV does not build again; a build of another kind is made again', () => {
  const dir = fixtureApp();
  const builds = [];
  const fakeBuild = (webDir, env) => {
    builds.push(env.NODE_ENV);
    fs.mkdirSync(path.join(webDir, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(webDir, 'dist/index.html'), '<!doctype html>');
  };
  const start = (env) =>
    buildWebIfNeeded({ webDir: dir, contractSrc: path.join(dir, 'src'), env, build: fakeBuild });
  try {
    assert.equal(start({ NODE_ENV: 'development' }), true);
    assert.equal(start({ NODE_ENV: 'production' }), false);
    assert.equal(start({ NODE_ENV: 'test' }), false);
    assert.equal(start({}), false);
    // A build without its stamp (made before stamps, or by hand with `vite build` in development) is replaced.
    fs.rmSync(path.join(dir, 'dist', WEB_BUILD_STAMP));
    assert.equal(start({ NODE_ENV: 'production' }), true);
    // So is one stamped as another kind of build.
    fs.writeFileSync(path.join(dir, 'dist', WEB_BUILD_STAMP), JSON.stringify({ mode: 'development' }));
    assert.equal(start({ NODE_ENV: 'production' }), true);
    // A source changed after the build makes a new one.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(dir, 'src/main.js'), later, later);
    assert.equal(start({ NODE_ENV: 'production' }), true);
    assert.deepEqual(builds, ['production', 'production', 'production', 'production']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
