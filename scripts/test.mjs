// `npm test`: types, lint, server tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// web unit tests and the browser tests; ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildIfNeeded, root } from './build-if-needed.mjs';

const results = [];
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-reports-'));

function step(name, command, args, { cwd = root, env = {}, report } = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const outcome = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  let passed = 0;
  let failed = outcome.status === 0 ? 0 : 1;
  let failures = [];
  if (report && fs.existsSync(report.file)) {
    const counts = report.read(JSON.parse(fs.readFileSync(report.file, 'utf8')));
    passed = counts.passed;
    failed = Math.max(counts.failed, outcome.status === 0 ? 0 : 1);
    failures = counts.failures;
  } else if (outcome.status === 0) {
    passed = 1;
  }
  results.push({ name, passed, failed, failures, seconds: Math.round((Date.now() - started) / 1000) });
}

const node = process.execPath;
const bin = (name) => path.join(root, 'node_modules', name);
/** The first line of a failure's message: enough to tell which check it was. */
const firstLine = (message = '') => stripVTControlCharacters(String(message)).split('\n')[0].slice(0, 300);
/** Each failed test, and each file that failed outside its tests (an import, a hook), with its first error line. */
function vitestFailures(json) {
  return (json.testResults ?? []).flatMap((file) => {
    const where = path.relative(root, file.name);
    const tests = (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    return tests.length || file.status !== 'failed' ? tests : [`${where}: ${firstLine(file.message)}`];
  });
}
const vitestReport = (file) => ({
  file,
  read: (json) => {
    // Vitest's own failed-suite count also counts the file and each describe block around a failed test.
    const failures = vitestFailures(json);
    return { passed: json.numPassedTests ?? 0, failed: failures.length, failures };
  },
});
const vitest = (label, cwd, env = {}, extraArgs = []) => {
  const file = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  step(
    label,
    node,
    [
      bin('vitest/vitest.mjs'),
      'run',
      ...extraArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    {
      cwd,
      env,
      report: vitestReport(file),
    },
  );
};

buildIfNeeded();
step('types (tsc -b)', node, [bin('typescript/bin/tsc'), '-b']);
// The server's tests are outside its build: checked on their own, so they keep up with the code they call.
step('types of the server tests (tsc)', node, [
  bin('typescript/bin/tsc'),
  '-p',
  'apps/server/tsconfig.test.json',
]);
step('lint (biome)', node, [bin('@biomejs/biome/bin/biome'), 'check', '.']);
// The start scripts' own tests (node's runner): the web app `npm start` serves is a production build.
step('start scripts (node --test)', node, ['--test', 'scripts/build-if-needed.test.mjs']);
const importCycles = (app) => [
  bin('madge/bin/cli.js'),
  '--circular',
  '--no-spinner',
  '--extensions',
  'ts,tsx',
  '--ts-config',
  `apps/${app}/tsconfig.json`,
  `apps/${app}/src`,
];
step('import cycles in the server (madge)', node, importCycles('server'));
step('import cycles in the web app (madge)', node, importCycles('web'));

const serverDir = path.join(root, 'apps/server');
vitest('server tests on SQLite', serverDir, { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  vitest('server tests on PostgreSQL', serverDir);
  // The scale-out suite (two API processes, workers, pg-boss, an S3-compatible server) needs PostgreSQL:
  // it runs only here, never on the SQLite pass.
  vitest('scale-out tests (PostgreSQL, S3)', serverDir, {}, ['--config', 'vitest.scale.config.ts']);
}

/** Playwright's report nests suites by file and describe; a test failed when a result of it did. */
function playwrightFailures(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests?.some((test) => test.status === 'unexpected' || test.status === 'flaky'))
      .map((spec) => {
        const error = spec.tests.flatMap((test) => test.results ?? []).find((result) => result.error)?.error;
        return `${spec.file}:${spec.line} > ${spec.title}: ${firstLine(error?.message)}`;
      }),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

const webDir = path.join(root, 'apps/web');
vitest('web unit tests', webDir);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  const file = path.join(reportDir, 'e2e.json');
  step(
    'browser tests (Playwright, Chromium)',
    node,
    [bin('@playwright/test/cli.js'), 'test', '--reporter=list,json'],
    {
      cwd: webDir,
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
      report: {
        file,
        read: (json) => ({
          passed: json.stats?.expected ?? 0,
          failed: (json.stats?.unexpected ?? 0) + (json.stats?.flaky ?? 0),
          failures: playwrightFailures(json.suites ?? []),
        }),
      },
    },
  );
} else {
  console.error(
    `\nThe browser tests need Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`,
  );
  results.push({ name: 'browser tests (no Chromium)', passed: 0, failed: 1, seconds: 0 });
}

console.log('\n=== summary ===');
for (const r of results) {
  console.log(
    `${r.failed ? 'FAIL' : 'ok  '} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds} s)`,
  );
  // Named here too, so the last lines of a long run say what failed.
  for (const failure of r.failures ?? []) console.log(`       ${failure}`);
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
