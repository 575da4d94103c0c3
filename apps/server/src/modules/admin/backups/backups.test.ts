import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../../app-types.js';
import { readArchive } from '../../../platform/backup/tar-archive.js';
import {
  buildTestApp,
  TestClient as Client,
  createTestApp,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  type TestClient,
} from '../../../test/harness.js';
import { samples } from '../../../test/prometheus-tools.js';
import { latestSlot } from './schedule.js';

const DAY_MS = 86_400_000;
const METRICS_TOKEN = 'metrics-token-of-the-backup-tests-0123';

describe("the service's backups: schedule, one at a time, kept, listed and downloaded by admins", () => {
  let t: TestApp;
  let admin: TestClient;
  let second: AppInstance | undefined;
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-backup-dir-'));
  const backups = () => t.app.container.services.backups;
  const rows = () => t.app.container.repos.backups.list(100);
  /** Moves the test clock to 30 s after the next BACKUP_TIME (02:00, server time). */
  const toNextBackupTime = () => {
    const now = t.clock.now();
    const next = latestSlot(now, { hour: 2, minute: 0 }).getTime() + DAY_MS;
    t.clock.advance(next - now.getTime() + 30_000);
  };

  beforeAll(async () => {
    t = await createTestApp({
      BACKUP_TIME: '02:00',
      BACKUP_KEEP: '2',
      BACKUP_DIR: backupDir,
      METRICS_TOKEN,
    });
    admin = await signedInAdmin(t.app);
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('takes the daily backup once at BACKUP_TIME across instances and keeps the newest BACKUP_KEEP', async () => {
    // The day's 02:00 passed before the service started: not the schedule's to take.
    expect(await backups().runDue()).toBe(false);
    second = await buildTestApp({
      dataDir: t.dataDir,
      clock: t.clock,
      pgSchema: t.databaseEnv.DATABASE_SCHEMA || undefined,
      env: { BACKUP_TIME: '02:00', BACKUP_KEEP: '2', BACKUP_DIR: backupDir },
    });
    const other = second.container.services.backups;

    const taken: string[] = [];
    for (let day = 0; day < 3; day++) {
      toNextBackupTime();
      const [here, there] = await Promise.all([backups().runDue(), other.runDue()]);
      expect([here, there].filter(Boolean)).toHaveLength(1);
      expect(await backups().runDue()).toBe(false);
      const newest = (await rows())[0]!;
      expect(newest).toMatchObject({ kind: 'scheduled', status: 'succeeded', error: null });
      expect(fs.statSync(path.join(backupDir, newest.file_name)).size).toBe(Number(newest.size_bytes));
      taken.push(newest.file_name);
    }
    // Three days taken, two kept: the oldest archive and its row are gone.
    expect((await rows()).map((row) => row.file_name)).toEqual([taken[2], taken[1]]);
    expect(fs.readdirSync(backupDir).sort()).toEqual([taken[1], taken[2]].sort());
    const manifest = await readArchive(path.join(backupDir, taken[2]!));
    expect(manifest.database.kind).toBe(t.dialect);
    expect(manifest.backup_id).toBe((await rows())[0]!.backup_id);
  });

  it('backs up when an admin asks, one at a time, and lets admins alone download the archive', async () => {
    // Signed in again: the schedule's days outlived the first session.
    admin = await signedInAdmin(t.app);
    const started = await admin.post('/api/admin/backups');
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ kind: 'manual', status: 'running', download_url: null });
    const busy = await admin.post('/api/admin/backups');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toBe('A backup is running already: wait for it to finish');
    await backups().idle();

    const list = (await admin.get('/api/admin/backups')).json();
    expect(list.schedule).toEqual({ time: '02:00', keep: 2 });
    const done = list.items[0];
    expect(done).toMatchObject({
      backup_id: started.json().backup_id,
      status: 'succeeded',
      download_url: `/api/admin/backups/${started.json().backup_id}/download`,
    });
    const download = await admin.get(done.download_url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/x-tar');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${done.file_name}"`);
    expect(download.rawPayload.length).toBe(done.size_bytes);
    expect(download.rawPayload.subarray(0, 13).toString()).toBe('manifest.json');

    const viewer = await signedInViewer(t.app, '+998901250001');
    expect((await viewer.get(done.download_url)).statusCode).toBe(403);
    expect((await viewer.post('/api/admin/backups')).statusCode).toBe(403);
    expect((await new Client(t.app).get(done.download_url)).statusCode).toBe(401);
    expect((await admin.post('/api/admin/backups', undefined, { csrf: false })).statusCode).toBe(403);
    expect((await admin.get('/api/admin/backups/999999/download')).statusCode).toBe(404);
  });

  it('records a failed backup as failed, with why, and tells the admins in their alerts', async () => {
    // The backup folder cannot be made: a file is where it should be (a minute after the last success).
    t.clock.advance(60_000);
    const moved = `${backupDir}-kept`;
    fs.renameSync(backupDir, moved);
    fs.writeFileSync(backupDir, 'not a folder');
    try {
      expect((await admin.post('/api/admin/backups')).statusCode).toBe(202);
      await backups().idle();
    } finally {
      fs.rmSync(backupDir);
      fs.renameSync(moved, backupDir);
    }
    const failed = (await admin.get('/api/admin/backups')).json().items[0];
    expect(failed).toMatchObject({ status: 'failed', size_bytes: null, download_url: null });
    expect(failed.error).toMatch(/EEXIST|ENOTDIR/);
    const alerts = (await admin.get('/api/admin/alerts')).json();
    expect(alerts.items[0]).toMatchObject({
      kind: 'backup_failed',
      title: 'Backup failed',
      detail: failed.error,
      link: '/backups',
      unread: true,
    });
    expect(await backups().outcomes()).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'failed', count: 1 })]),
    );
    // What Prometheus reads, and the SalomTVBackupFailed rule compares: the newest ending is a failure.
    const scrape = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const found = samples(scrape.body);
    const value = (name: string, status: string) =>
      found.find((sample) => sample.name === name && sample.labels.status === status)?.value;
    expect(value('salomtv_backups', 'failed')).toBe(1);
    expect(value('salomtv_backups', 'succeeded')).toBe(
      (await rows()).filter((r) => r.status === 'succeeded').length,
    );
    const lastFailed = value('salomtv_backup_last_finished_timestamp_seconds', 'failed')!;
    const lastSucceeded = value('salomtv_backup_last_finished_timestamp_seconds', 'succeeded')!;
    expect(lastFailed).toBe(Date.parse(failed.finished_at) / 1000);
    expect(lastFailed).toBeGreaterThan(lastSucceeded);
  });

  it('takes a backup whose process stopped as failed, so the next one may run', async () => {
    t.clock.advance(60_000);
    const now = t.clock.now();
    await t.app.container.repos.backups.start({
      kind: 'manual',
      slot: null,
      file_name: 'salomtv-stopped.tar',
      requested_by: null,
      started_at: new Date(now.getTime() - 2000).toISOString(),
      lease_until: new Date(now.getTime() - 1000).toISOString(),
    });
    expect((await admin.post('/api/admin/backups')).statusCode).toBe(202);
    await backups().idle();
    const list = (await admin.get('/api/admin/backups')).json().items;
    expect(
      list.find((item: { file_name: string }) => item.file_name === 'salomtv-stopped.tar'),
    ).toMatchObject({
      status: 'failed',
      error: 'The backup stopped before it finished (its process ended)',
    });
    expect(list[0]).toMatchObject({ status: 'succeeded' });
  });
});
