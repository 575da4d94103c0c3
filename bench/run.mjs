// `npm run bench`: every measurement side by side with its reference in one run; medians of 3 rounds after a
// warm-up; server pinned to core 0, wrk to core 1. Writes bench/results.json and the table in bench/README.md.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureLadder } from './lib/ladder.mjs';
import { writeFastifyHello, writeNodeHttpHello } from './lib/references.mjs';
import {
  ensureDebianPackages,
  freePort,
  median,
  startPinned,
  stop,
  waitForHttp,
  writeJson,
  wrk,
} from './lib/tools.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const work = path.join(benchDir, 'work');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
fs.mkdirSync(work, { recursive: true });
ensureDebianPackages({ wrk: 'wrk', taskset: 'util-linux' });
execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contract', 'apps/server'],
  { cwd: root, stdio: 'inherit' },
);

const fastifyEntry = path.join(root, 'node_modules/fastify/fastify.js');
const nodeHello = writeNodeHttpHello(work);
const fastifyHello = writeFastifyHello(work, fastifyEntry);
const postEnLua = path.join(work, 'post-language.lua');
fs.writeFileSync(
  postEnLua,
  'wrk.method = "POST"\nwrk.body = \'{"keyword":"En"}\'\nwrk.headers["Content-Type"] = "application/json"\n',
);

async function startOurs(extraEnv = {}) {
  const port = await freePort();
  const dataDir = path.join(work, 'data');
  const child = startPinned(0, process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-admin-pass',
      SEED_DEMO: 'false',
      ...extraEnv,
    },
  });
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, 120_000);
  return { child, url: `http://127.0.0.1:${port}` };
}

async function startScript(file) {
  const port = await freePort();
  const child = startPinned(0, process.execPath, [file], { env: { ...process.env, PORT: String(port) } });
  await waitForHttp(`http://127.0.0.1:${port}/`, 30_000);
  return { child, url: `http://127.0.0.1:${port}` };
}

/** Alternates ours and the reference each round so drift on a shared machine hits both alike. */
async function compareThroughput({ name, ours, reference, oursPath, referencePath, script, goal, goalText }) {
  const a = await ours();
  const b = await reference();
  try {
    wrk(`${a.url}${oursPath}`, { seconds: 2, script });
    wrk(`${b.url}${referencePath}`, { seconds: 2, script });
    const oursRps = [];
    const refRps = [];
    for (let round = 0; round < ROUNDS; round++) {
      oursRps.push(wrk(`${a.url}${oursPath}`, { seconds: SECONDS, script }).rps);
      refRps.push(wrk(`${b.url}${referencePath}`, { seconds: SECONDS, script }).rps);
    }
    const ratio = median(oursRps) / median(refRps);
    return {
      name,
      ours: `${Math.round(median(oursRps))} req/s`,
      reference: `${Math.round(median(refRps))} req/s`,
      ratio,
      goal: goalText,
      met: ratio >= goal,
    };
  } finally {
    await stop(a.child);
    await stop(b.child);
  }
}

async function coldStart() {
  // Ours on an existing data folder (migrations checked, nothing to seed), against a bare Fastify server.
  await stop((await startOurs()).child);
  const time = async (command, args, env, url) => {
    const port = await freePort();
    const started = Date.now();
    const child = spawn(command, args, {
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: 'ignore',
    });
    await waitForHttp(url(port));
    const elapsed = Date.now() - started;
    await stop(child);
    return elapsed;
  };
  const oursMs = [];
  const refMs = [];
  for (let round = 0; round < ROUNDS + 1; round++) {
    const o = await time(
      process.execPath,
      [path.join(root, 'apps/server/dist/main.js')],
      {
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'data'),
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'bench-admin-pass',
        SEED_DEMO: 'false',
      },
      (p) => `http://127.0.0.1:${p}/api/health`,
    );
    const r = await time(process.execPath, [fastifyHello], {}, (p) => `http://127.0.0.1:${p}/`);
    if (round > 0) {
      oursMs.push(o);
      refMs.push(r);
    }
  }
  const ratio = median(oursMs) / median(refMs);
  return {
    name: 'cold start',
    ours: `${median(oursMs)} ms`,
    reference: `${median(refMs)} ms (bare Fastify)`,
    ratio,
    goal: 'at most 2x',
    met: ratio <= 2,
  };
}

const results = [];
const record = (row) => {
  results.push(row);
  console.log(
    `${row.name}: ours ${row.ours}, reference ${row.reference}, ratio ${row.ratio.toFixed(2)} (${row.goal}: ${row.met ? 'met' : 'missed'})`,
  );
};

record(
  await compareThroughput({
    name: 'framework cost: GET /api/health',
    ours: () => startOurs(),
    reference: () => startScript(nodeHello),
    oursPath: '/api/health',
    referencePath: '/',
    goal: 0.85,
    goalText: 'at least 0.85x bare node:http',
  }),
);
record(
  await compareThroughput({
    name: 'language record: POST /api/language/get',
    ours: () => startOurs(),
    reference: () => startScript(fastifyHello),
    oursPath: '/api/language/get',
    referencePath: '/',
    script: postEnLua,
    goal: 0.5,
    goalText: 'at least 0.5x a bare Fastify route',
  }),
);
record(await coldStart());
for (const row of await measureLadder({ root, work, rounds: ROUNDS })) record(row);

const command = 'npm run bench';
writeJson(path.join(benchDir, 'results.json'), {
  measuredAt: new Date().toISOString(),
  command,
  rounds: ROUNDS,
  secondsPerRound: SECONDS,
  results,
});
const table = [
  '| what | ours | reference (same run) | ratio | goal | met |',
  '| --- | --- | --- | --- | --- | --- |',
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.ours} | ${r.reference} | ${r.ratio.toFixed(2)} | ${r.goal} | ${r.met ? 'yes' : 'no'} |`,
  ),
].join('\n');
const readmePath = path.join(benchDir, 'README.md');
const readme = fs.existsSync(readmePath) ? fs.readFileSync(readmePath, 'utf8') : '';
const begin = '<!-- results:begin -->';
const end = '<!-- results:end -->';
const block = `${begin}\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command}\` (medians of ${ROUNDS} rounds of ${SECONDS} s after a warm-up; server on core 0, wrk on core 1, 32 connections).\n\n${table}\n${end}`;
fs.writeFileSync(
  readmePath,
  readme.includes(begin)
    ? readme.replace(new RegExp(`${begin}[\\s\\S]*${end}`), block)
    : `${readme}\n${block}\n`,
);
console.log(`\n${table}`);
