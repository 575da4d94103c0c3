// `npm run bench`: every measurement side by side with its reference in one run; medians of BENCH_ROUNDS
// (default 3) rounds after a warm-up; servers pinned to core 0, load generators to core 1. Writes
// bench/results.json and the table in bench/README.md. BENCH_ONLY=catalogue,segments,... runs some rows.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer, SERVER_BUNDLE_RUNNER } from '../scripts/server-bundle.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import { launch, measureFirstFrame, measurePage } from './lib/browser.mjs';
import { measureDashboard } from './lib/dashboard.mjs';
import { demoSeedRow, measureDemoSeed } from './lib/demo-seed.mjs';
import {
  ADMIN_PASSWORD,
  ADMIN_PHONE,
  BROWSER_ENCODINGS,
  benchServerEnv,
  HttpClient,
  holdPlayback,
  openApp,
  seedCatalogue,
  segmentAddresses,
} from './lib/fixture.mjs';
import { measureLadder } from './lib/ladder.mjs';
import { measureLighthouse } from './lib/lighthouse.mjs';
import { writeFastifyHello, writeNodeHttpHello } from './lib/references.mjs';
import { measureSearch, searchDataDir } from './lib/search.mjs';
import {
  ensureDebianPackages,
  ensurePostgres,
  freePort,
  median,
  serverDist,
  startNginx,
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
// Page loads and first frames in Chromium vary by up to a third from one load to the next on this shared
// machine: their medians take five rounds at least.
const BROWSER_ROUNDS = Math.max(ROUNDS, 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ONLY = process.env.BENCH_ONLY?.split(',');
const wanted = (name) => !ONLY || ONLY.includes(name);
fs.mkdirSync(work, { recursive: true });
ensureDebianPackages({ wrk: 'wrk', taskset: 'util-linux', nginx: 'nginx-light', chromium: 'chromium' });
if (!process.env.BENCH_SERVER_DIST) {
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contract', 'apps/server'],
    { cwd: root, stdio: 'inherit' },
  );
}
const dist = serverDist(root);
// Our server as `npm start` runs it: the bundle of that build, through its runner.
const serverArgs = [...SERVER_NODE_FLAGS, SERVER_BUNDLE_RUNNER, await bundleServer(dist)];

// The web app, built into the bench's own folder (the browser rows load it from our server).
const webDist = path.join(work, 'web-dist');
if ((wanted('pages') || wanted('lighthouse')) && !process.env.BENCH_SKIP_WEB_BUILD) {
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist],
    {
      cwd: path.join(root, 'apps/web'),
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

const fastifyEntry = path.join(root, 'node_modules/fastify/fastify.js');
const nodeHello = writeNodeHttpHello(work);
const fastifyHello = writeFastifyHello(work, fastifyEntry);
const postEnLua = path.join(work, 'post-language.lua');
fs.writeFileSync(
  postEnLua,
  'wrk.method = "POST"\nwrk.body = \'{"keyword":"En"}\'\nwrk.headers["Content-Type"] = "application/json"\n',
);

const baseEnv = benchServerEnv(work, webDist);
const dataDir = baseEnv.DATA_DIR;
const pgUrl =
  wanted('postgres') || wanted('dashboard') || wanted('search') || wanted('scale')
    ? ensurePostgres()
    : undefined;
const pgEnv = pgUrl ? { DATABASE_URL: pgUrl, DATABASE_SCHEMA: 'bench' } : undefined;

async function startOurs(extraEnv = {}) {
  const port = await freePort();
  const child = startPinned(0, process.execPath, serverArgs, {
    env: { ...process.env, ...baseEnv, PORT: String(port), ...extraEnv },
  });
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, 120_000);
  return { child, url: `http://127.0.0.1:${port}` };
}

/** Ours with the bench viewer's playback session kept live on it (the rows that fetch feature stream addresses). */
async function startOursPlaying(stream) {
  const server = await startOurs();
  const release = await holdPlayback(server.url, stream.playback);
  server.child.once('stopping', release);
  server.child.once('exit', release);
  return server;
}

async function startScript(file) {
  const port = await freePort();
  const child = startPinned(0, process.execPath, [file], { env: { ...process.env, PORT: String(port) } });
  await waitForHttp(`http://127.0.0.1:${port}/`, 30_000);
  return { child, url: `http://127.0.0.1:${port}` };
}

/** The headers of our health answer, but those Node adds to every answer (date, connection, length). */
async function healthHeaders() {
  const ours = await startOurs();
  try {
    const response = await fetch(`${ours.url}/api/health`);
    const own = new Set(['date', 'connection', 'keep-alive', 'content-length']);
    return Object.fromEntries([...response.headers].filter(([name]) => !own.has(name)));
  } finally {
    await stop(ours.child);
  }
}

/** Seeds a database (SQLite in work/data, or the PostgreSQL schema `bench`): catalogue, viewer, one video. */
async function prepare(env, withVideo) {
  const app = await openApp(root, { ...baseEnv, ...env });
  try {
    const { resolveMediaBinaries } = await import(path.join(dist, 'modules/media/ffmpeg/binaries.js'));
    const { ffmpeg } = await resolveMediaBinaries(process.env.FFMPEG_PATH, process.env.FFPROBE_PATH);
    const seeded = await seedCatalogue(app, { root, ffmpeg: ffmpeg.path, work, withVideo });
    const stream = withVideo ? await segmentAddresses(root, seeded.viewer, seeded.featureId) : undefined;
    return {
      cookie: seeded.viewer.cookieHeader,
      kidsCookie: seeded.kid.cookieHeader,
      cookies: Object.entries(seeded.viewer.cookies).map(([name, value]) => ({ name, value })),
      stream,
      featureId: seeded.featureId,
      ffmpeg: ffmpeg.path,
    };
  } finally {
    await app.close();
  }
}

/** Alternates ours and the reference each round so drift on a shared machine hits both alike. */
async function compare({
  ours,
  reference,
  oursPath,
  referencePath,
  oursOptions = {},
  referenceOptions = {},
}) {
  const a = await ours();
  const b = await reference();
  try {
    wrk(`${a.url}${oursPath}`, { ...oursOptions, seconds: 2 });
    wrk(`${b.url}${referencePath}`, { ...referenceOptions, seconds: 2 });
    const oursRuns = [];
    const refRuns = [];
    // The two take turns going first: on this machine the second of a pair can measure up to a tenth apart from
    // the first, so a fixed order would favour one side.
    for (let round = 0; round < ROUNDS; round++) {
      const runOurs = () => oursRuns.push(wrk(`${a.url}${oursPath}`, { ...oursOptions, seconds: SECONDS }));
      const runReference = () =>
        refRuns.push(wrk(`${b.url}${referencePath}`, { ...referenceOptions, seconds: SECONDS }));
      if (round % 2 === 0) {
        runOurs();
        runReference();
      } else {
        runReference();
        runOurs();
      }
    }
    const errors = oursRuns.reduce((sum, r) => sum + r.non2xx, 0);
    if (errors > 0) console.warn(`  ${errors} non-2xx answers from ${oursPath}`);
    const pick = (runs, key) => median(runs.map((r) => r[key]));
    return {
      rps: pick(oursRuns, 'rps'),
      refRps: pick(refRuns, 'rps'),
      mbps: pick(oursRuns, 'mbps'),
      refMbps: pick(refRuns, 'mbps'),
      p99: pick(oursRuns, 'p99'),
      refP99: pick(refRuns, 'p99'),
      errors,
    };
  } finally {
    await stop(a.child);
    await stop(b.child);
  }
}

function throughputRow(name, figures, goal, goalText, refLabel) {
  const ratio = figures.rps / figures.refRps;
  return {
    name,
    ours: `${Math.round(figures.rps)} req/s`,
    reference: `${Math.round(figures.refRps)} req/s${refLabel ? ` (${refLabel})` : ''}`,
    ratio,
    goal: goalText,
    met: ratio >= goal && figures.errors === 0,
  };
}

async function coldStart() {
  // Ours on an existing data folder (migrations checked, nothing to seed) and with the code cache an earlier
  // start left (the warm-up's, at its exit), against a bare Fastify server.
  await stop((await startOurs()).child);
  const time = async (command, args, env, url) => {
    const port = await freePort();
    const started = Date.now();
    const child = spawn('taskset', ['-c', '0', command, ...args], {
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
    const o = await time(process.execPath, serverArgs, baseEnv, (p) => `http://127.0.0.1:${p}/api/health`);
    const r = await time(process.execPath, [fastifyHello], {}, (p) => `http://127.0.0.1:${p}/`);
    if (round > 0) {
      oursMs.push(o);
      refMs.push(r);
    }
  }
  const ratio = median(oursMs) / median(refMs);
  return {
    name: 'cold start: process start to first answer',
    ours: `${median(oursMs)} ms`,
    reference: `${median(refMs)} ms (bare Fastify)`,
    ratio,
    goal: 'at most 2x',
    met: ratio <= 2,
  };
}

/** One run of the simulated viewers (bench/lib/viewers.mjs) on the load generator's core: its figures. */
async function runViewers(plan) {
  const generator = spawn('taskset', ['-c', '1', process.execPath, path.join(benchDir, 'lib/viewers.mjs')], {
    env: { ...process.env, VIEWERS_PLAN: JSON.stringify(plan) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  generator.stdout.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise((resolve) => generator.on('exit', resolve));
  return JSON.parse(output);
}

/**
 * 200 viewers on playlists and segments while an admin uploads a video and its transcode runs: after a warm-up
 * (the viewers alone for 5 s, as every other row is measured after one), ROUNDS rounds, each with its own upload.
 */
async function mixedLoad(prepared) {
  const server = await startOursPlaying(prepared.stream);
  try {
    const seconds = Math.max(20, SECONDS * 4);
    const plan = {
      base: server.url,
      cookie: prepared.cookie,
      variant: prepared.stream.variant,
      segments: prepared.stream.segments,
      viewers: 200,
      seconds,
      pauseMs: 500,
    };
    await runViewers({ ...plan, seconds: 5 });
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) {
      const viewers = runViewers(plan);
      // Meanwhile: an admin uploads a new video over HTTP; the in-process worker transcodes it (the upload's
      // call waits for the transcode, which outlasts the viewers).
      await new Promise((r) => setTimeout(r, 1000));
      const upload = await uploadOverHttp(server.url);
      rounds.push({ ...(await viewers), upload });
    }
    const errors = rounds.reduce((sum, r) => sum + r.errors, 0);
    const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
    const playlistP99 = median(rounds.map((r) => r.playlistP99));
    const each = (key) => rounds.map((r) => r[key].toFixed(0)).join(', ');
    return {
      name: `mixed load: 200 viewers on playlists and segments during an upload and a transcode (${seconds} s, ${ROUNDS} rounds after a 5 s warm-up)`,
      ours: `${errors} errors in ${requests} requests; playlist p99 ${playlistP99.toFixed(0)} ms (median; rounds ${each('playlistP99')})`,
      reference: `segment p99 ${median(rounds.map((r) => r.segmentP99)).toFixed(0)} ms; the generator's own event-loop delay p99 ${each('generatorDelayP99')} ms; uploads ${rounds.map((r) => r.upload.uploadMs).join(', ')} ms, transcodes ${rounds.map((r) => r.upload.transcode).join('; ')}`,
      ratio: playlistP99,
      goal: 'zero errors; playlist p99 under 100 ms',
      met: errors === 0 && playlistP99 < 100,
    };
  } finally {
    await stop(server.child);
  }
}

async function uploadOverHttp(base) {
  const admin = new HttpClient(base);
  await admin.signIn(ADMIN_PHONE, ADMIN_PASSWORD);
  const { movie_id } = await (await admin.call('POST', '/api/movie/create')).json();
  const form = new FormData();
  form.set('movie_id', String(movie_id));
  form.set(
    'file',
    new Blob([fs.readFileSync(path.join(work, 'feature-source.mp4'))], { type: 'video/mp4' }),
    'upload.mp4',
  );
  const started = Date.now();
  await admin.call('POST', '/api/movie/add', form);
  const uploadMs = Date.now() - started;
  // The transcode runs in the server's worker while the viewers keep asking; note whether it finished.
  const deadline = Date.now() + 60_000;
  let transcode = 'still running at the end';
  while (Date.now() < deadline) {
    const details = await (await admin.call('GET', `/api/movie/${movie_id}`)).json().catch(() => ({}));
    const status = JSON.stringify(details).match(/"status":"(ready|failed)"/)?.[1];
    if (status) {
      transcode = `${status} after ${((Date.now() - started) / 1000).toFixed(1)} s`;
      break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { uploadMs, transcode };
}

const results = [];
const record = (row) => {
  if (!row) return;
  results.push(row);
  console.log(
    `${row.name}: ours ${row.ours}, reference ${row.reference}, ratio ${row.ratio.toFixed(2)} (${row.goal}: ${row.met ? 'met' : 'missed'})`,
  );
};
const guarded = async (name, fn) => {
  if (!wanted(name)) return;
  try {
    const rows = await fn();
    for (const row of [rows].flat()) record(row);
  } catch (error) {
    console.error(`${name}: failed: ${error instanceof Error ? error.stack : error}`);
    record({
      name,
      ours: 'failed',
      reference: String(error?.message ?? error)
        .split('\n')[0]
        .slice(0, 120),
      ratio: Number.NaN,
      goal: '-',
      met: false,
    });
  }
};

const needsData = [
  'catalogue',
  'metrics',
  'postgres',
  'segments',
  'mixed',
  'first-frame',
  'pages',
  'lighthouse',
].some(wanted);
const prepared = needsData ? await prepare({}, true) : undefined;

await guarded('framework', async () => [
  throughputRow(
    'framework cost: GET /api/health',
    await compare({
      ours: () => startOurs(),
      reference: () => startScript(nodeHello),
      oursPath: '/api/health',
      referencePath: '/',
    }),
    0,
    'figure (no goal): the reference sends no security headers',
    'bare node:http',
  ),
  // The same, with node:http sending the headers our answer carries (the API's security set, the JSON type with
  // its charset): what is left is the framework's own cost, Node's handling of those headers taken out.
  throughputRow(
    'framework cost, the reference sending the same headers',
    await compare({
      ours: () => startOurs(),
      reference: async () =>
        startScript(writeNodeHttpHello(work, await healthHeaders(), 'node-http-headers')),
      oursPath: '/api/health',
      referencePath: '/',
    }),
    0.9,
    'at least 0.9x node:http sending the same headers',
    'node:http with our headers',
  ),
]);
await guarded('catalogue', async () =>
  throughputRow(
    'catalogue: home rows (24 titles, signed in) on SQLite',
    await compare({
      ours: () => startOurs(),
      reference: () => startScript(fastifyHello),
      oursPath: '/api/catalog/rows?lang=En',
      referencePath: '/',
      oursOptions: { headers: { cookie: prepared.cookie, ...BROWSER_ENCODINGS } },
      referenceOptions: { headers: BROWSER_ENCODINGS },
    }),
    0.5,
    'at least 0.5x a bare Fastify route',
    'bare Fastify',
  ),
);
await guarded('catalogue', async () =>
  throughputRow(
    'catalogue: the same call from a kids profile (7+)',
    await compare({
      ours: () => startOurs(),
      reference: () => startScript(fastifyHello),
      oursPath: '/api/catalog/rows?lang=En',
      referencePath: '/',
      oursOptions: { headers: { cookie: prepared.kidsCookie, ...BROWSER_ENCODINGS } },
      referenceOptions: { headers: BROWSER_ENCODINGS },
    }),
    0.5,
    'at least 0.5x a bare Fastify route',
    'bare Fastify',
  ),
);
// The same build with and without metrics: every request then goes through the route counter and histogram.
await guarded('metrics', async () => {
  const viewer = { headers: { cookie: prepared.cookie, ...BROWSER_ENCODINGS } };
  return throughputRow(
    'metrics on: the home rows call with METRICS_TOKEN set',
    await compare({
      ours: () => startOurs({ METRICS_TOKEN: 'bench-metrics-token-0123456789abcdef' }),
      reference: () => startOurs(),
      oursPath: '/api/catalog/rows?lang=En',
      referencePath: '/api/catalog/rows?lang=En',
      oursOptions: viewer,
      referenceOptions: viewer,
    }),
    0.9,
    'at least 0.9x the same build with metrics off',
    'metrics off',
  );
});
await guarded('postgres', async () => {
  if (!pgEnv) throw new Error('PostgreSQL is not available on 127.0.0.1:5432');
  const onPg = await prepare(pgEnv, false);
  return throughputRow(
    'PostgreSQL: the same catalogue call',
    await compare({
      ours: () => startOurs(pgEnv),
      reference: () => startOurs(),
      oursPath: '/api/catalog/rows?lang=En',
      referencePath: '/api/catalog/rows?lang=En',
      oursOptions: { headers: { cookie: onPg.cookie, ...BROWSER_ENCODINGS } },
      referenceOptions: { headers: { cookie: prepared.cookie, ...BROWSER_ENCODINGS } },
    }),
    0.6,
    'at least 0.6x the SQLite build',
    'SQLite build',
  );
});
await guarded('language', async () =>
  throughputRow(
    'language record: POST /api/language/get',
    await compare({
      ours: () => startOurs(),
      reference: () => startScript(fastifyHello),
      oursPath: '/api/language/get',
      referencePath: '/',
      oursOptions: { script: postEnLua, headers: BROWSER_ENCODINGS },
      referenceOptions: { script: postEnLua, headers: BROWSER_ENCODINGS },
    }),
    0.5,
    'at least 0.5x a bare Fastify route',
    'bare Fastify',
  ),
);
await guarded('segments', async () => {
  const mediaDir = path.join(dataDir, 'media');
  const { segment, file, audioSegment, audioFile } = prepared.stream;
  const size = fs.statSync(path.join(mediaDir, file)).size;
  const audioSize = fs.statSync(path.join(mediaDir, audioFile)).size;
  const nginxPort = await freePort();
  // A player's 6 s of film with alternate audio: the picture's segment and the sound's, asked for in turn.
  const alternating = (name, first, second) => {
    const script = path.join(work, `${name}.lua`);
    fs.writeFileSync(
      script,
      `local paths = { "${first}", "${second}" }\nlocal n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format(nil, paths[n % 2 + 1])\nend\n`,
    );
    return script;
  };
  const rows = [];
  for (const [label, headers, ourPath, itsFile, script, referenceScript] of [
    ['whole', {}, segment, file],
    [
      'by range (1 MiB from the middle)',
      { range: `bytes=${Math.floor(size / 4)}-${Math.floor(size / 4) + 1048575}` },
      segment,
      file,
    ],
    [
      `with its audio rendition (${Math.round(audioSize / 1024)} KB stereo AAC), picture and sound in turn`,
      {},
      segment,
      file,
      alternating('segments-ours', segment, audioSegment),
      alternating('segments-nginx', `/${file}`, `/${audioFile}`),
    ],
  ]) {
    const figures = await compare({
      ours: () => startOursPlaying(prepared.stream),
      reference: async () => {
        const child = startNginx(work, mediaDir, nginxPort);
        await waitForHttp(`http://127.0.0.1:${nginxPort}/${itsFile}`, 30_000);
        return { child, url: `http://127.0.0.1:${nginxPort}` };
      },
      oursPath: ourPath,
      referencePath: `/${itsFile}`,
      oursOptions: { headers: { cookie: prepared.cookie, ...headers }, script },
      referenceOptions: { headers, script: referenceScript },
    });
    const ratio = figures.mbps / figures.refMbps;
    const p99Ratio = figures.p99 / figures.refP99;
    rows.push({
      name: `segments (${(size / 1048576).toFixed(1)} MB 6 s fMP4), ${label}, 32 connections, signed-URL path`,
      ours: `${figures.mbps.toFixed(0)} MB/s, p99 ${figures.p99.toFixed(0)} ms`,
      reference: `${figures.refMbps.toFixed(0)} MB/s, p99 ${figures.refP99.toFixed(0)} ms (nginx sendfile)`,
      ratio,
      goal: 'at least 0.8x its MB/s, p99 at most 1.5x',
      met: ratio >= 0.8 && p99Ratio <= 1.5 && figures.errors === 0,
    });
  }
  return rows;
});
await guarded('cold-start', coldStart);
await guarded('mixed', () => mixedLoad(prepared));
if (wanted('first-frame') || wanted('pages')) {
  const browser = await launch(root);
  const server = await startOursPlaying(prepared.stream);
  try {
    await guarded('first-frame', async () => {
      const mediaDir = path.join(dataDir, 'media');
      const nginxPort = await freePort();
      fs.copyFileSync(path.join(work, 'feature-source.mp4'), path.join(mediaDir, 'bench-clip.mp4'));
      const nginx = startNginx(work, mediaDir, nginxPort, 1);
      try {
        await waitForHttp(`http://127.0.0.1:${nginxPort}/bench-clip.mp4`);
        return await measureFirstFrame({
          root,
          browser,
          ours: server.url,
          cookies: prepared.cookies,
          master: prepared.stream.master,
          mp4Url: `http://127.0.0.1:${nginxPort}/bench-clip.mp4`,
          rounds: BROWSER_ROUNDS,
        });
      } finally {
        await stop(nginx);
      }
    });
    await guarded('pages', () =>
      measurePage({
        browser,
        ours: server.url,
        webDist,
        page: '/',
        label: 'landing page',
        rounds: BROWSER_ROUNDS,
      }),
    );
    await guarded('pages', () =>
      measurePage({
        browser,
        ours: server.url,
        webDist,
        page: '/home',
        label: 'home page (signed in)',
        cookies: prepared.cookies,
        rounds: BROWSER_ROUNDS,
      }),
    );
  } finally {
    await browser.close();
    await stop(server.child);
  }
}
// Lighthouse's scores per page, signed out where a visitor first arrives and signed in where a viewer watches; the
// player plays the bench's transcoded feature.
await guarded('lighthouse', async () => {
  const server = await startOurs();
  try {
    const viewer = prepared.cookies;
    return await measureLighthouse({
      root,
      ours: server.url,
      rounds: ROUNDS,
      pages: [
        { path: '/', label: 'signed out' },
        { path: '/home', label: 'signed in', cookies: viewer },
        { path: '/signin', label: 'signed out' },
        { path: '/pricingplan', label: 'signed out' },
        { path: '/movies', label: 'signed out' },
        {
          path: `/player?title=${prepared.featureId}`,
          label: 'signed in, playing a feature',
          cookies: viewer,
        },
      ],
    });
  } finally {
    await stop(server.child);
  }
});
await guarded('dashboard', async () => [
  await measureDashboard({ root, env: baseEnv, label: 'SQLite', rounds: ROUNDS }),
  ...(pgEnv
    ? [
        await prepare(pgEnv, false).then(() =>
          measureDashboard({ root, env: { ...baseEnv, ...pgEnv }, label: 'PostgreSQL', rounds: ROUNDS }),
        ),
      ]
    : []),
]);
await guarded('search', async () => [
  await measureSearch({
    root,
    env: { ...baseEnv, DATA_DIR: searchDataDir(work) },
    label: 'SQLite',
    rounds: ROUNDS,
  }),
  ...(pgEnv
    ? [
        await measureSearch({
          root,
          env: { ...baseEnv, ...pgEnv, DATABASE_SCHEMA: 'bench_search' },
          label: 'PostgreSQL',
          rounds: ROUNDS,
        }),
      ]
    : []),
]);
await guarded('ladder', () => measureLadder({ root, work, rounds: ROUNDS }));
// The first start's demo catalogue: both cores, as a fresh install has them (bench/lib/demo-seed.mjs).
await guarded('demo', async () => demoSeedRow(await measureDemoSeed({ root, serverArgs, work })));
// Scale-out (bench/scale.mjs): pg-boss workers and API instances over PostgreSQL and an S3-compatible bucket.
await guarded('scale', async () => {
  if (!pgUrl) throw new Error('needs PostgreSQL');
  const out = path.join(work, 'scale.json');
  const child = spawn(
    process.execPath,
    [path.join(benchDir, 'scale.mjs'), '--seconds', String(SECONDS), '--out', out],
    {
      env: { ...process.env, BENCH_DATABASE_URL: pgUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`bench/scale.mjs exited with ${code}`);
  const scale = JSON.parse(fs.readFileSync(out, 'utf8'));
  return [
    {
      name: `scale-out: transcode jobs per minute (${scale.jobs} jobs of a ${scale.clip.split(',')[0]} clip)`,
      ours: `${scale.jobsPerMinute.twoWorkers} jobs/min with two workers`,
      reference: `${scale.jobsPerMinute.oneWorker} jobs/min with one worker`,
      ratio: scale.jobsPerMinute.ratio,
      goal: `figure (no goal set; ${scale.cores} cores)`,
      met: true,
    },
    {
      name: `scale-out: API requests/s, GET ${scale.api.path}, two instances behind one load generator`,
      ours: `${scale.api.twoInstances} req/s with two instances`,
      reference: `${scale.api.oneInstance} req/s with one instance`,
      ratio: scale.api.ratio,
      goal: `figure (no goal set; ${scale.cores} cores), ${scale.api.failed} failed requests`,
      met: scale.api.failed === 0,
    },
  ];
});

const command = `${['BENCH_ROUNDS', 'BENCH_SECONDS']
  .filter((k) => process.env[k])
  .map((k) => `${k}=${process.env[k]} `)
  .join('')}npm run bench`;
// A partial run (BENCH_ONLY) prints its rows but leaves results.json and the README as the last full run left them.
if (!ONLY) {
  writeJson(path.join(benchDir, 'results.json'), {
    measuredAt: new Date().toISOString(),
    command,
    rounds: ROUNDS,
    secondsPerRound: SECONDS,
    results,
  });
}
const table = [
  '| what | ours | reference (same run) | ratio | goal | met |',
  '| --- | --- | --- | --- | --- | --- |',
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.ours} | ${r.reference} | ${Number.isFinite(r.ratio) ? r.ratio.toFixed(2) : '-'} | ${r.goal} | ${r.met ? 'yes' : 'no'} |`,
  ),
].join('\n');
if (!ONLY) {
  const readmePath = path.join(benchDir, 'README.md');
  const readme = fs.existsSync(readmePath) ? fs.readFileSync(readmePath, 'utf8') : '';
  const begin = '<!-- results:begin -->';
  const end = '<!-- results:end -->';
  const block = `${begin}\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command}\` (medians of ${ROUNDS} rounds of ${SECONDS} s after a warm-up, ${BROWSER_ROUNDS} page loads or first frames in Chromium; servers on core 0, load generators on core 1, 32 connections).\n\n${table}\n${end}`;
  fs.writeFileSync(
    readmePath,
    readme.includes(begin)
      ? readme.replace(new RegExp(`${begin}[\\s\\S]*${end}`), block)
      : `${readme}\n${block}\n`,
  );
}
console.log(`\n${table}`);
