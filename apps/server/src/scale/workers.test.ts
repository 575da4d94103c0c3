import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { type Container, createContainer } from '../container.js';
import { makeClip, mediaEnv } from '../test/media-kit.js';
import { promtool, samples } from '../test/prometheus-tools.js';
import {
  dropSchemas,
  freePort,
  freshSchema,
  logLines,
  type RunningProcess,
  requirePostgres,
  startProcess,
  until,
  WORKER_JS,
} from './cluster-kit.js';
import { startTestS3, type TestS3 } from './s3-test-server.js';

const databaseUrl = requirePostgres();
const METRICS_TOKEN = 'worker-metrics-token-for-the-scale-test';

/** Two `npm run worker` processes on one pg-boss queue: each job runs once; a killed worker's job is finished. */
describe('two transcode workers on pg-boss', () => {
  const schema = freshSchema();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-workers-'));
  const workers: RunningProcess[] = [];
  /** Each worker's own metrics port (METRICS_PORT). */
  const metricsPorts: number[] = [];
  let s3: TestS3;
  let env: Record<string, string>;
  let container: Container;

  beforeAll(async () => {
    s3 = await startTestS3();
    env = {
      ...mediaEnv(),
      ...s3.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      JOB_QUEUE: 'pgboss',
      JOB_LEASE_SECONDS: '3',
      JOB_RETRY_BASE_SECONDS: '1',
      WORKER_POLL_MS: '200',
      SEED_DEMO: 'false',
    };
    // The admin's side, in this process: the real services queue the jobs.
    container = await createContainer(
      loadConfig({ ...env, DATA_DIR: path.join(work, 'api'), WORKER_IN_PROCESS: 'false' }),
    );
    for (const name of ['one', 'two']) {
      const metricsPort = await freePort();
      metricsPorts.push(metricsPort);
      const worker = await startProcess(WORKER_JS, {
        ...env,
        DATA_DIR: path.join(work, name),
        METRICS_TOKEN,
        METRICS_PORT: String(metricsPort),
      });
      workers.push(worker);
      await until(
        'the worker to start',
        async () => logLines([worker], 'transcode worker started').length > 0,
      );
    }
  });

  afterAll(async () => {
    for (const worker of workers) await worker.stop('SIGKILL');
    await container?.modules.media.pipeline.queue.close?.();
    await container?.database.close();
    await dropSchemas(databaseUrl, schema);
    await s3?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** A title with an uploaded clip: the upload path of the admin screens, which queues its transcode. */
  async function queueTranscode(clip: Buffer, name: string): Promise<{ movieId: number; assetId: number }> {
    const movie = await container.services.movies.create(null);
    const file = path.join(work, `${name}.mp4`);
    fs.writeFileSync(file, clip);
    await container.services.movieMedia.attachVideo(
      movie.movie_id,
      undefined,
      'video',
      {
        path: file,
        size: clip.length,
        originalName: `${name}.mp4`,
      },
      null,
    );
    const title = await container.repos.titles.findById(movie.movie_id);
    return { movieId: movie.movie_id, assetId: title!.video_asset_id! };
  }

  const assetStatus = async (assetId: number) =>
    (await container.repos.mediaAssets.findById(assetId))?.status;

  it('runs each of ten queued jobs exactly once, shared between the two workers', async () => {
    const clip = await makeClip(path.join(work, 'clips'), 'ten', { seconds: 1, width: 160, height: 90 });
    const queued: { movieId: number; assetId: number }[] = [];
    for (let i = 0; i < 10; i++) queued.push(await queueTranscode(clip, `ten-${i}`));
    await until(
      'the ten transcodes',
      async () => {
        const statuses = await Promise.all(queued.map((q) => assetStatus(q.assetId)));
        if (statuses.includes('failed')) throw new Error('a transcode failed');
        return (
          statuses.every((status) => status === 'ready') &&
          logLines(workers, 'job done').length >= queued.length
        );
      },
      150_000,
    );
    const jobs = await container.database.db
      .selectFrom('media_jobs')
      .select(['job_id', 'status', 'attempts'])
      .orderBy('job_id')
      .execute();
    expect(jobs).toHaveLength(10);
    expect(jobs.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);

    const started = logLines(workers, 'job started').map((line) => line.jobId);
    const done = logLines(workers, 'job done').map((line) => line.jobId);
    expect([...started].sort()).toEqual(jobs.map((job) => job.job_id).sort());
    expect([...done].sort()).toEqual(jobs.map((job) => job.job_id).sort());
    // Both workers took part.
    for (const worker of workers) expect(logLines([worker], 'job done').length).toBeGreaterThan(0);

    // Each worker's metrics, on its own port with the token, count the jobs it ran: ten between them.
    let doneHere = 0;
    for (const port of metricsPorts) {
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
      const scrape = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(scrape.status).toBe(200);
      const text = await scrape.text();
      expect(promtool(['check', 'metrics'], text).status).toBe(0);
      const attempts = samples(text).filter(
        (s) => s.name === 'salomtv_media_job_attempts_total' && s.labels.outcome === 'done',
      );
      doneHere += attempts.reduce((sum, s) => sum + s.value, 0);
      expect(samples(text).some((s) => s.name === 'salomtv_media_job_speed_ratio_count')).toBe(true);
    }
    expect(doneHere).toBe(10);
  });

  it('finishes on the other worker a job whose worker was killed while running it', async () => {
    const clip = await makeClip(path.join(work, 'clips'), 'long', {
      seconds: 5,
      width: 1280,
      height: 720,
      pattern: 'color',
    });
    const { assetId } = await queueTranscode(clip, 'long');
    const job = await container.database.db
      .selectFrom('media_jobs')
      .select('job_id')
      .where('target_id', '=', assetId)
      .executeTakeFirstOrThrow();
    const victim = await until(
      'a worker to start the job',
      async () => workers.find((w) => logLines([w], 'job started').some((l) => l.jobId === job.job_id)),
      30_000,
    );
    const survivor = workers.find((w) => w !== victim)!;
    await victim.stop('SIGKILL');

    await until(
      'the other worker to finish the job',
      async () => {
        const status = await assetStatus(assetId);
        if (status === 'failed') throw new Error('the transcode failed');
        return status === 'ready';
      },
      120_000,
    );
    // The asset turns ready just before the job is marked done and logged.
    await until('the job to be logged done', async () =>
      logLines([survivor], 'job done').some((l) => l.jobId === job.job_id),
    );
    expect(logLines([victim], 'job done').some((l) => l.jobId === job.job_id)).toBe(false);
    const row = await container.database.db
      .selectFrom('media_jobs')
      .select(['status', 'attempts'])
      .where('job_id', '=', job.job_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'done', attempts: 2 });
    // The finished ladder is in the bucket and plays from it.
    const asset = await container.repos.mediaAssets.findById(assetId);
    expect(await container.storage.exists(`${asset!.hls_key}/720p/index.m3u8`)).toBe(true);
  });
});
