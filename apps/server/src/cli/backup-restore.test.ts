import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../app-types.js';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { MIGRATION_NAMES } from '../db/migrate.js';
import { randomToken } from '../lib/tokens.js';
import { dropSchemas } from '../scale/test-schemas.js';
import { middleDataByte, repackArchive } from '../test/backup-archives.js';
import { billingViewer, buyWithDemo } from '../test/billing.js';
import {
  buildTestApp,
  createTestApp,
  listFiles,
  signedInAdmin,
  type TestApp,
  TestClient,
  TestClock,
} from '../test/harness.js';
import { makeClip, mediaEnv, startPlayback, waitForJobs } from '../test/media-kit.js';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/cli');
const databaseUrl = process.env.TEST_DATABASE_URL;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run backup` / `npm run restore` as the operator does (their built files), with `env` as settings. */
function cli(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(dist, `${name}.js`), ...args],
      { env: { ...process.env, LOG_LEVEL: 'silent', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const newSchema = () =>
  databaseUrl
    ? `t_${randomToken(8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}`
    : undefined;

/** A data folder and (PostgreSQL) schema to restore into, and the settings that point a process at them. */
function freshTarget() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-restored-'));
  const schema = newSchema();
  return {
    dataDir,
    schema,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: schema ?? '' },
  };
}

/** Every row of every table, each table's rows in a stable order. */
async function everyRow(database: DatabaseHandle, schema: string | undefined) {
  const db = database.db as unknown as Kysely<unknown>;
  const tables =
    database.dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = ${schema}`.execute(
          db,
        );
  const rows: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const found = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    rows[name] = found.rows.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

async function rowsAt(dataDir: string, schema: string | undefined) {
  const database = await openDatabase({ databaseUrl, pgSchema: schema, dataDir });
  try {
    return await everyRow(database, schema);
  } finally {
    await database.close();
  }
}

/** Each file under a folder with its SHA-256. */
function checksums(dir: string): Record<string, string> {
  return Object.fromEntries(
    listFiles(dir).map((file) => [
      file,
      createHash('sha256')
        .update(fs.readFileSync(path.join(dir, file)))
        .digest('hex'),
    ]),
  );
}

async function tableCount(schema: string): Promise<number> {
  const database = await openDatabase({ databaseUrl, dataDir: os.tmpdir() });
  try {
    const found = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables where table_schema = ${schema}`.execute(
      database.db,
    );
    return found.rows[0]!.n;
  } finally {
    await database.close();
  }
}

/** What a target holds: its files, and on PostgreSQL its schema's tables. */
async function contentsOf(target: ReturnType<typeof freshTarget>) {
  return { files: listFiles(target.dataDir), tables: target.schema ? await tableCount(target.schema) : 0 };
}

const uris = (playlist: string) => playlist.split('\n').filter((line) => line && !line.startsWith('#'));

describe('npm run backup and npm run restore', () => {
  let t: TestApp;
  let archive: string;
  let movieId: number;
  /** The viewer's cookies: their session is one of the rows that comes back. */
  let viewerCookies: Map<string, string>;
  let rowsAtBackup: Record<string, string[]>;
  let mediaAtBackup: Record<string, string>;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-backups-'));
  const targets: ReturnType<typeof freshTarget>[] = [];
  const apps: AppInstance[] = [];
  const target = () => {
    const made = freshTarget();
    targets.push(made);
    return made;
  };

  beforeAll(async () => {
    t = await createTestApp({ ...mediaEnv(), WORKER_POLL_MS: '50' });
    const admin = await signedInAdmin(t.app);
    movieId = (await admin.post('/api/movie/create')).json().movie_id;
    const clip = await makeClip(path.join(workDir, 'clips'), 'backup', { seconds: 1, pattern: 'color' });
    const upload = await admin.postForm('/api/movie/add', {
      movie_id: String(movieId),
      file: { filename: 'backup.mp4', contentType: 'video/mp4', data: clip },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await waitForJobs(t.app);
    const published = await admin.post('/api/movie/details', {
      movie_id: movieId,
      title: 'Kept safe',
      status: 'published',
    });
    expect(published.json().movie.status).toBe('published');

    const viewer = await billingViewer(t.app, null);
    expect((await buyWithDemo(t.app, viewer.client, 'standard')).statusCode).toBe(200);
    const watched = await startPlayback(viewer.client, movieId);
    const progress = await viewer.client.post('/api/progress', {
      movie_id: movieId,
      position_seconds: 0.5,
      duration_seconds: 1,
    });
    expect(progress.statusCode).toBe(204);
    expect((await viewer.client.post(`/api/playback/${watched}/stop`)).statusCode).toBeLessThan(300);
    viewerCookies = viewer.client.cookies;
    archive = path.join(workDir, 'salomtv.tar');
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    await t.close().catch(() => {});
    if (databaseUrl) {
      const schemas = targets.flatMap((made) => (made.schema ? [made.schema] : []));
      if (schemas.length) await dropSchemas(databaseUrl, ...schemas);
    }
    for (const made of targets) fs.rmSync(made.dataDir, { recursive: true, force: true });
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('writes one archive while the service goes on answering', async () => {
    const viewer = new TestClient(t.app);
    for (const [name, value] of viewerCookies) viewer.cookies.set(name, value);
    const playback = await startPlayback(viewer, movieId);
    const master = (await viewer.get(`/api/stream/${movieId}/master.m3u8?playback=${playback}`)).body;
    const variant = uris(master)[0]!;
    const segment = uris((await viewer.get(variant)).body)[0]!;

    const backup = cli('backup', [archive], t.databaseEnv);
    let done = false;
    void backup.then(() => {
      done = true;
    });
    const statuses: number[] = [];
    while (!done) {
      const answers = await Promise.all([
        viewer.get('/api/catalog/rows'),
        viewer.get(`/api/catalog/titles/${movieId}`),
        viewer.get(variant),
        viewer.get(segment),
      ]);
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    const run = await backup;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // The archive records the newest migration this build has.
    expect(run.stdout).toMatch(
      new RegExp(
        `^Backup written: .*salomtv\\.tar \\(\\d+ bytes; (sqlite|postgres) database at ${MIGRATION_NAMES.at(-1)}; \\d+ media files\\)`,
      ),
    );
    expect(statuses.length).toBeGreaterThan(4);
    expect(new Set(statuses)).toEqual(new Set([200]));

    rowsAtBackup = await everyRow(t.app.container.database, t.databaseEnv.DATABASE_SCHEMA || undefined);
    mediaAtBackup = checksums(path.join(t.dataDir, 'media'));
    expect(Object.keys(mediaAtBackup).some((file) => file.endsWith('.m4s'))).toBe(true);
    expect(rowsAtBackup.payments!.length).toBeGreaterThan(0);
    expect(rowsAtBackup.playback_progress!.length).toBeGreaterThan(0);
  });

  it('refuses a damaged or truncated archive and leaves an empty target as it was', async () => {
    const bytes = fs.readFileSync(archive);
    const flipped = Buffer.from(bytes);
    flipped[middleDataByte(bytes)]! ^= 0xff;
    fs.writeFileSync(path.join(workDir, 'flipped.tar'), flipped);
    fs.writeFileSync(path.join(workDir, 'truncated.tar'), bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    for (const name of ['flipped.tar', 'truncated.tar']) {
      const into = target();
      const before = await contentsOf(into);
      const run = await cli('restore', [path.join(workDir, name)], into.env);
      expect(run.code, name).toBe(1);
      expect(run.stderr, name).toMatch(
        /^Restore failed: The archive is damaged: .+\. Nothing was changed\.\n$/,
      );
      expect(await contentsOf(into), name).toEqual(before);
    }
  });

  it('refuses an archive from a newer schema than this build', async () => {
    const newer = path.join(workDir, 'newer.tar');
    await repackArchive(archive, newer, (manifest) => ({
      ...manifest,
      build: '@salomtv/server@99.0.0',
      migrations: [...manifest.migrations, '9999-from-the-future'],
    }));
    const into = target();
    const run = await cli('restore', [newer], into.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'The archive is from a newer build (@salomtv/server@99.0.0): its schema has migrations this build does not know (9999-from-the-future)',
    );
    expect(await contentsOf(into)).toEqual({ files: [], tables: 0 });
  });

  it('restores into a fresh folder after the old one is gone: every row, every file and playback are back', async () => {
    // The lost disk: the service, its folder and its database schema are gone.
    await t.close();
    const into = target();
    const run = await cli('restore', [archive], into.env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Restored salomtv\.tar of .+: (sqlite|postgres) database, \d+ media files\n$/);

    expect(await rowsAt(into.dataDir, into.schema)).toEqual(rowsAtBackup);
    expect(checksums(path.join(into.dataDir, 'media'))).toEqual(mediaAtBackup);

    const app = await buildTestApp({ dataDir: into.dataDir, clock: new TestClock(), pgSchema: into.schema });
    apps.push(app);
    const viewer = new TestClient(app);
    for (const [name, value] of viewerCookies) viewer.cookies.set(name, value);
    const playback = await startPlayback(viewer, movieId);
    const master = await viewer.get(`/api/stream/${movieId}/master.m3u8?playback=${playback}`);
    expect(master.statusCode).toBe(200);
    const variant = await viewer.get(uris(master.body)[0]!);
    expect(variant.statusCode).toBe(200);
    const segment = await viewer.get(uris(variant.body)[0]!);
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload.length).toBeGreaterThan(0);
    await app.close();
    apps.pop();

    // Restoring again over it is refused without --force, and replaces it with --force.
    const again = await cli('restore', [archive], into.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(
      databaseUrl
        ? /^Restore failed: The database schema t_\w+ has \d+ tables\. Restore into an empty one, or give --force to replace it\. Nothing was changed\.\n$/
        : /^Restore failed: .+ already has a database\. Restore into an empty DATA_DIR, or give --force to replace it\. Nothing was changed\.\n$/,
    );
    const forced = await cli('restore', [archive, '--force'], into.env);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(await rowsAt(into.dataDir, into.schema)).toEqual(rowsAtBackup);
  });
});
