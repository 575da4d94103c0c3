import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock.js';
import { PgBossJobQueue } from '../modules/media/jobs/pgboss-queue.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { requirePostgres } from './cluster-kit.js';
import { dropSchemas } from './test-schemas.js';

const databaseUrl = requirePostgres();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('pg-boss job queue driver', () => {
  let t: TestApp;
  const queues: PgBossJobQueue[] = [];
  let bossSchema: string;

  /** A queue as another process would have it: its own pg-boss connection over the same schema. */
  const queue = (leaseSeconds = 30, schema = bossSchema) => {
    const q = new PgBossJobQueue(t.app.container.database.db, systemClock, {
      connectionString: databaseUrl,
      schema,
      maxAttempts: 2,
      retryBaseSeconds: 1,
      leaseSeconds,
    });
    queues.push(q);
    return q;
  };
  const row = (jobId: number) =>
    t.app.container.database.db
      .selectFrom('media_jobs')
      .selectAll()
      .where('job_id', '=', jobId)
      .executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp();
    bossSchema = `${t.databaseEnv.DATABASE_SCHEMA}_boss`;
  });
  afterAll(async () => {
    for (const q of queues) await q.close();
    await dropSchemas(databaseUrl, bossSchema, `${bossSchema}_first`);
    await t.close();
  });

  it('takes the first jobs of several processes starting at once on a new schema (one creates the queues)', async () => {
    // Creating a queue from two processes at once deadlocked inside pg-boss and refused that first upload.
    const starting = [
      queue(30, `${bossSchema}_first`),
      queue(30, `${bossSchema}_first`),
      queue(30, `${bossSchema}_first`),
    ];
    const jobIds = await Promise.all(starting.map((q, index) => q.enqueue('transcode', 900 + index)));
    expect(new Set(jobIds).size).toBe(3);
    for (const jobId of jobIds) expect((await row(jobId))?.status).toBe('queued');
  });

  it('hands a job to exactly one of two workers claiming at once, and records it on its row', async () => {
    const a = queue();
    const b = queue();
    const jobId = await a.enqueue('transcode', 101);
    expect((await row(jobId))?.status).toBe('queued');
    const [first, second] = await Promise.all([a.claim('w-a', 30_000), b.claim('w-b', 30_000)]);
    const claimed = [first, second].filter(Boolean);
    expect(claimed).toHaveLength(1);
    expect(claimed[0]).toMatchObject({
      jobId,
      kind: 'transcode',
      targetId: 101,
      attempts: 1,
      maxAttempts: 2,
    });
    const owner = first ? 'w-a' : 'w-b';
    expect(await a.heartbeat(jobId, owner, 42, 30_000)).toBe(true);
    expect(await a.heartbeat(jobId, 'someone-else', 50, 30_000)).toBe(false);
    expect(await row(jobId)).toMatchObject({ status: 'running', progress: 42, locked_by: owner });
    await a.complete(jobId, owner);
    expect(await row(jobId)).toMatchObject({ status: 'done', progress: 100 });
    expect(await a.claim('w-a', 30_000)).toBeUndefined();
  });

  it('never runs two jobs of one asset at once (singleton key)', async () => {
    const q = queue();
    const one = await q.enqueue('transcode', 202);
    const two = await q.enqueue('transcode', 202);
    const first = await q.claim('w-1', 30_000);
    expect(first?.jobId).toBe(one);
    expect(await q.claim('w-2', 30_000)).toBeUndefined();
    await q.complete(one, 'w-1');
    expect((await q.claim('w-2', 30_000))?.jobId).toBe(two);
    await q.complete(two, 'w-2');
  });

  it('retries a failed job after its backoff, then fails it for good', async () => {
    const q = queue();
    const jobId = await q.enqueue('transcode', 303);
    const first = await q.claim('w-1', 30_000);
    expect(first?.attempts).toBe(1);
    expect(await q.fail(jobId, 'w-1', 'ffmpeg exited with 1', 1000)).toBe('retrying');
    expect(await row(jobId)).toMatchObject({ status: 'queued', error: 'ffmpeg exited with 1' });
    // The backoff (1-2 s for the first retry) holds it back.
    expect(await q.claim('w-1', 30_000)).toBeUndefined();
    let again: Awaited<ReturnType<typeof q.claim>>;
    for (let i = 0; i < 40 && !again; i++) {
      await sleep(200);
      again = await q.claim('w-2', 30_000);
    }
    expect(again).toMatchObject({ jobId, attempts: 2 });
    expect(await q.fail(jobId, 'w-2', 'ffmpeg exited with 1 again', 4000)).toBe('failed');
    expect(await row(jobId)).toMatchObject({ status: 'failed', error: 'ffmpeg exited with 1 again' });
    await sleep(2500);
    expect(await q.claim('w-3', 30_000)).toBeUndefined();
  });

  it('gives a job whose worker stopped renewing it to another worker once it expires', async () => {
    const q = queue(2);
    const other = queue(2);
    const jobId = await q.enqueue('demo_art', 404);
    expect((await q.claim('w-dead', 2000))?.jobId).toBe(jobId);
    // Renewed for a while: nobody else gets it.
    for (let i = 0; i < 5; i++) {
      await sleep(700);
      expect(await q.heartbeat(jobId, 'w-dead', 10, 2000)).toBe(true);
      expect(await other.claim('w-live', 2000)).toBeUndefined();
    }
    // Then the worker goes silent: after the lease and a maintenance run the job is handed out again.
    let taken: Awaited<ReturnType<typeof other.claim>>;
    for (let i = 0; i < 60 && !taken; i++) {
      await sleep(250);
      taken = await other.claim('w-live', 2000);
    }
    expect(taken).toMatchObject({ jobId, attempts: 2 });
    expect(await q.heartbeat(jobId, 'w-dead', 20, 2000)).toBe(false);
    await other.complete(jobId, 'w-live');
    expect((await row(jobId))?.status).toBe('done');
  });

  it('takes back a released job without counting the attempt, and forgets the jobs of a removed asset', async () => {
    const q = queue();
    const jobId = await q.enqueue('transcode', 505);
    expect((await q.claim('w-1', 30_000))?.attempts).toBe(1);
    await q.release(jobId, 'w-1');
    expect(await row(jobId)).toMatchObject({ status: 'queued', attempts: 0 });
    const again = await q.claim('w-2', 30_000);
    expect(again).toMatchObject({ jobId, attempts: 1 });
    await q.complete(jobId, 'w-2');

    const removed = await q.enqueue('transcode', 606);
    const otherKind = await q.enqueue('demo_art', 606);
    await q.removeForTarget('transcode', 606);
    expect(await row(removed)).toBeUndefined();
    expect(await row(otherKind)).toMatchObject({ status: 'queued' });
    await q.removeForTarget('demo_art', 606);
    expect(await q.claim('w-1', 30_000)).toBeUndefined();
  });
});
