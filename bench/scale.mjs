// Scale-out figures: transcode jobs per minute with one and with two workers (`npm run worker` processes on
// one pg-boss queue), and the API's requests per second with one and with two instances under the same load
// generator. Needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL); media go to an S3-compatible server
// (s3rver) started here. Builds the server first (tsc -b).
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/scale.mjs [--jobs 8] [--seconds 5] [--out file.json]
//
// Prints one JSON object (and writes it to --out when given).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/server/dist');
const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    path: { type: 'string', default: '/api/plans' },
    out: { type: 'string' },
  },
});
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  console.error('bench/scale.mjs needs BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)');
  process.exit(1);
}

execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contract', 'apps/server'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
const { startTestS3 } = await import(path.join(dist, 'scale/s3-test-server.js'));
const kit = await import(path.join(dist, 'scale/cluster-kit.js'));
const { loadConfig } = await import(path.join(dist, 'config.js'));
const { createContainer } = await import(path.join(dist, 'container.js'));
const { resolveMediaBinaries } = await import(path.join(dist, 'modules/media/ffmpeg/binaries.js'));

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-bench-scale-'));
const s3 = await startTestS3();
const baseEnv = {
  ...s3.env,
  NODE_ENV: 'production',
  // The bench buys nothing: the demo provider stays, as production allows only when told.
  PAYMENT_DEMO_IN_PRODUCTION: 'true',
  SMS_CONSOLE_IN_PRODUCTION: 'true',
  EMAIL_CONSOLE_IN_PRODUCTION: 'true',
  LOG_LEVEL: 'info',
  DATABASE_URL: databaseUrl,
  JOB_QUEUE: 'pgboss',
  WORKER_POLL_MS: '200',
  SEED_DEMO: 'false',
  STREAM_SIGNING_SECRET: 'bench-scale-stream-secret-0123456789abcdef',
  OTP_SECRET: 'bench-scale-otp-secret-0123456789abcdef01234',
  TOTP_ENCRYPTION_KEY: 'bench-scale-totp-key-0123456789abcdef012',
  ADMIN_PHONE: '+998900000001',
  ADMIN_PASSWORD: 'bench-admin-pass-1',
};

/** One clip (2 s, 640x360) reused by every job. */
async function makeClip() {
  const { ffmpeg } = await resolveMediaBinaries(process.env.FFMPEG_PATH, process.env.FFPROBE_PATH);
  const file = path.join(work, 'clip.mp4');
  execFileSync(ffmpeg.path, [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=25:duration=2',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return fs.readFileSync(file);
}

/** Queues `jobs` transcodes on a fresh schema, starts `workers` workers, answers jobs per minute. */
async function jobsPerMinute(workers, jobs, clip) {
  const schema = kit.freshSchema();
  const env = { ...baseEnv, DATABASE_SCHEMA: schema };
  const container = await createContainer(loadConfig({ ...env, DATA_DIR: path.join(work, `api-${schema}`) }));
  const running = [];
  try {
    for (let i = 0; i < jobs; i++) {
      const movie = await container.services.movies.create();
      const file = path.join(work, `job-${i}.mp4`);
      fs.writeFileSync(file, clip);
      await container.services.movieMedia.attachVideo(movie.movie_id, undefined, 'video', {
        path: file,
        size: clip.length,
        originalName: 'bench.mp4',
      });
    }
    for (let i = 0; i < workers; i++)
      running.push(
        await kit.startProcess(path.join(dist, 'worker.js'), {
          ...env,
          DATA_DIR: path.join(work, `w${i}-${schema}`),
        }),
      );
    await kit.until(
      'the jobs',
      async () => {
        const open = await container.database.db
          .selectFrom('media_jobs')
          .select('job_id')
          .where('status', '!=', 'done')
          .execute();
        return open.length === 0;
      },
      30 * 60_000,
    );
    // From the first job taken to the last one done, by the workers' own log times (process start excluded).
    await kit.until(
      'the last job to be logged',
      async () => kit.logLines(running, 'job done').length >= jobs,
    );
    const first = Math.min(...kit.logLines(running, 'job started').map((line) => line.time));
    const last = Math.max(...kit.logLines(running, 'job done').map((line) => line.time));
    const minutes = (last - first) / 60_000;
    return Math.round((jobs / minutes) * 10) / 10;
  } finally {
    for (const p of running) await p.stop('SIGTERM');
    await container.modules.media.pipeline.queue.close?.();
    await container.database.close();
    await kit.dropSchemas(databaseUrl, schema);
  }
}

/** Keep-alive GETs from `connections` loops for `seconds`, spread round robin over the bases. */
async function requestsPerSecond(bases, seconds, connections, url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const get = (base) =>
    new Promise((resolve) => {
      const request = http.get(`${base}${url}`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode === 200));
      });
      request.on('error', () => resolve(false));
    });
  await Promise.all(
    Array.from({ length: connections }, async (_, lane) => {
      for (let i = lane; Date.now() < deadline; i++) {
        if (await get(bases[i % bases.length])) done++;
        else failed++;
      }
    }),
  );
  agent.destroy();
  return { rps: Math.round(done / seconds), failed };
}

async function apiThroughput(instances, seconds, connections, url) {
  const schema = kit.freshSchema();
  const env = { ...baseEnv, DATABASE_SCHEMA: schema, WORKER_IN_PROCESS: 'false', LOG_LEVEL: 'warn' };
  const running = [];
  try {
    const bases = [];
    for (let i = 0; i < instances; i++) {
      const port = await kit.freePort();
      running.push(
        await kit.startProcess(
          path.join(dist, 'main.js'),
          { ...env, DATA_DIR: path.join(work, `api${i}-${schema}`) },
          port,
        ),
      );
      bases.push(`http://127.0.0.1:${port}`);
    }
    await requestsPerSecond(bases, 1, connections, url); // warm-up
    return await requestsPerSecond(bases, seconds, connections, url);
  } finally {
    for (const p of running) await p.stop('SIGTERM');
    await kit.dropSchemas(databaseUrl, schema);
  }
}

try {
  const jobs = Number(args.jobs);
  const seconds = Number(args.seconds);
  const connections = Number(args.connections);
  const clip = await makeClip();
  const oneWorker = await jobsPerMinute(1, jobs, clip);
  const twoWorkers = await jobsPerMinute(2, jobs, clip);
  const oneApi = await apiThroughput(1, seconds, connections, args.path);
  const twoApi = await apiThroughput(2, seconds, connections, args.path);
  const result = {
    measuredAt: new Date().toISOString(),
    cores: os.cpus().length,
    clip: '2 s, 640x360, H.264 + AAC (ladder 360p, poster, sprite)',
    jobs,
    jobsPerMinute: { oneWorker, twoWorkers, ratio: Math.round((twoWorkers / oneWorker) * 100) / 100 },
    api: {
      path: args.path,
      seconds,
      connections,
      oneInstance: oneApi.rps,
      twoInstances: twoApi.rps,
      ratio: Math.round((twoApi.rps / oneApi.rps) * 100) / 100,
      failed: oneApi.failed + twoApi.failed,
    },
  };
  const text = JSON.stringify(result, null, 2);
  console.log(text);
  if (args.out) fs.writeFileSync(args.out, `${text}\n`);
} finally {
  await s3.close();
  fs.rmSync(work, { recursive: true, force: true });
}
