import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../../app-types.js';
import { dropSchemas } from '../../../scale/test-schemas.js';
import { buildTestApp, signedInAdmin, TestClock } from '../../../test/harness.js';
import { makeClip, mediaEnv, waitForJobs } from '../../../test/media-kit.js';

/** Two app processes over one data folder and database, as after a crash and a restart. */
describe('a transcode interrupted by a dying process', () => {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-restart-'));
  const pgSchema = databaseUrl ? `t_restart_${Date.now().toString(36)}` : undefined;
  const clock = new TestClock();
  const apps: AppInstance[] = [];

  async function start(env: Record<string, string>): Promise<AppInstance> {
    // The row queue (the harness's), whose leases follow the test clock.
    const app = await buildTestApp({
      dataDir,
      clock,
      pgSchema,
      env: { WORKER_POLL_MS: '50', ...mediaEnv(), ...env },
    });
    apps.push(app);
    return app;
  }

  beforeAll(() => {
    fs.mkdirSync(dataDir, { recursive: true });
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    if (databaseUrl && pgSchema) await dropSchemas(databaseUrl, pgSchema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is taken up again when the next process starts and its lease has passed, and finishes', async () => {
    // The first process takes the upload but its worker "dies" while the job is running.
    const first = await start({ WORKER_IN_PROCESS: 'false' });
    const admin = await signedInAdmin(first);
    const movie = (await admin.post('/api/movie/create')).json();
    const clip = await makeClip(path.join(dataDir, 'clips'), 'restart', {
      seconds: 1,
      width: 320,
      height: 180,
    });
    const upload = await admin.postForm('/api/movie/add', {
      movie_id: String(movie.movie_id),
      file: { filename: 'restart.mp4', contentType: 'video/mp4', data: clip },
    });
    expect(upload.statusCode).toBe(200);
    const db = first.container.database.db;
    const leaseEnd = new Date(clock.now().getTime() + 60_000).toISOString();
    await db
      .updateTable('media_jobs')
      .set({
        status: 'running',
        attempts: 1,
        locked_by: 'crashed-host:4242:x',
        locked_until: leaseEnd,
        progress: 40,
      })
      .execute();
    const job = await db.selectFrom('media_jobs').selectAll().executeTakeFirstOrThrow();
    const halfWritten = path.join(dataDir, 'tmp', `transcode-a${job.target_id}-j${job.job_id}-dead/180p`);
    fs.mkdirSync(halfWritten, { recursive: true });
    fs.writeFileSync(path.join(halfWritten, 'seg_00000.m4s'), 'partial');
    await first.close();

    // The next process starts its worker: the dead worker's lease still runs, so the job waits...
    const second = await start({});
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waiting = await second.container.database.db
      .selectFrom('media_jobs')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ status: 'running', locked_by: 'crashed-host:4242:x' });

    // ...until the lease has passed; then it runs again from the start and finishes.
    clock.advance(61_000);
    await waitForJobs(second);
    const done = await second.container.database.db
      .selectFrom('media_jobs')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'done', attempts: 2, progress: 100, error: null });
    expect(fs.existsSync(path.dirname(halfWritten))).toBe(false);
    const ready = (await (await signedInAdmin(second)).get(`/api/movie/${movie.movie_id}`)).json();
    expect(ready).toMatchObject({ status: 'ready', video: { status: 'ready', renditions: [180] } });
  });
});
