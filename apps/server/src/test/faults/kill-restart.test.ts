import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../harness.js';
import { makeClip } from '../media-kit.js';
import { ProcessClient, ServerFixture } from './server-process.js';

const VIEWER_PHONE = '+998907770011';
const VIEWER_PASSWORD = 'strong-pass-1';
const CHUNK = 64 * 1024;
const b64 = (value: string) => Buffer.from(value).toString('base64');

/**
 * `kill -9` of the real server process in the middle of a resumable upload, right after a sign-up answered:
 * after a restart the upload resumes from the offset the server reports and arrives whole, the account is
 * there, SQLite's integrity check passes and nothing was stored twice.
 */
describe('kill -9 during an upload and right after a sign-up, then restart', () => {
  const fixture = new ServerFixture();
  const env = { WORKER_IN_PROCESS: 'false', SMS_DEV_OUTBOX: 'true' };
  let clip: Buffer;
  let admin: ProcessClient;
  let movieId: number;
  let uploadUrl: string;
  let offsetBeforeKill = 0;

  beforeAll(async () => {
    clip = await makeClip(path.join(fixture.workDir, 'clips'), 'resume', {
      seconds: 4,
      width: 640,
      height: 360,
    });
    expect(clip.length).toBeGreaterThan(6 * CHUNK);
  });
  afterAll(() => fixture.stop());

  /** Rows in the server's database (SQLite file or PostgreSQL schema), read from outside the process. */
  async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (fixture.databaseUrl) {
      const client = new pg.Client({
        connectionString: fixture.databaseUrl,
        options: `-c search_path=${fixture.pgSchema}`,
      });
      await client.connect();
      try {
        return (
          await client.query(
            sql.replace(/\?/g, (_, i) => `$${sql.slice(0, i).split('?').length}`),
            params,
          )
        ).rows as T[];
      } finally {
        await client.end();
      }
    }
    const db = new SQLite(path.join(fixture.dataDir, 'salomtv.sqlite'));
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  }

  function patch(offset: number, data: Buffer) {
    return admin.call('PATCH', uploadUrl, new Uint8Array(data), {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    });
  }

  it('is killed with a chunk on the wire, just after a sign-up answered', async () => {
    const server = await fixture.start(env);
    admin = new ProcessClient(fixture.base);
    await admin.signIn();
    movieId = ((await (await admin.call('POST', '/api/movie/create')).json()) as { movie_id: number })
      .movie_id;
    const created = await admin.call('POST', '/api/uploads', undefined, {
      'tus-resumable': '1.0.0',
      'upload-length': String(clip.length),
      'upload-metadata': `movie_id ${b64(String(movieId))},kind ${b64('video')},filename ${b64('resume.mp4')}`,
    });
    expect(created.status).toBe(201);
    uploadUrl = new URL(created.headers.get('location')!, fixture.base).pathname;
    for (let offset = 0; offset < 3 * CHUNK; offset += CHUNK) {
      expect((await patch(offset, clip.subarray(offset, offset + CHUNK))).status).toBe(204);
    }

    // A fourth chunk starts and stalls half-way, as on a slow line.
    const stalled = http.request(`${fixture.base}${uploadUrl}`, {
      method: 'PATCH',
      headers: {
        cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')!,
        'tus-resumable': '1.0.0',
        'upload-offset': String(3 * CHUNK),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(CHUNK),
      },
    });
    stalled.on('error', () => {});
    stalled.write(clip.subarray(3 * CHUNK, 3 * CHUNK + CHUNK / 2));

    // A viewer signs up; the moment the sign-up answers, the server is killed.
    const viewer = new ProcessClient(fixture.base);
    await viewer.call('GET', '/api/csrf');
    expect((await viewer.json('POST', '/api/otp/send', { phoneNumber: VIEWER_PHONE })).status).toBe(200);
    const outbox = (await (
      await viewer.call('GET', `/api/dev/sms-outbox?phone=${encodeURIComponent(VIEWER_PHONE)}`)
    ).json()) as {
      items: { code: string }[];
    };
    const verified = await viewer.json('POST', '/api/otp/verify', {
      phoneNumber: VIEWER_PHONE,
      code: outbox.items[0]!.code,
    });
    expect(((await verified.json()) as { data: string }).data).toBe('approved');
    const signUp = await viewer.json('POST', '/api/user/add', {
      dob: '1990-04-12',
      gender: 'female',
      nationality: 'Pakistan',
      password: VIEWER_PASSWORD,
      phone_number: VIEWER_PHONE,
      terms: true,
    });
    expect(signUp.status).toBe(201);
    await fixture.kill9(server);
    stalled.destroy();
  });

  it('leaves a SQLite file whose integrity check passes (synchronous=FULL, WAL)', async () => {
    if (fixture.databaseUrl) {
      // PostgreSQL keeps its own journal; the account check below covers it.
      expect((await query<{ n: number }>('select 1 as n'))[0]!.n).toBe(1);
      return;
    }
    expect(
      (await query<{ integrity_check: string }>('PRAGMA integrity_check')).map((r) => r.integrity_check),
    ).toEqual(['ok']);
    // WAL is a property of the file (synchronous is per connection: database.ts sets FULL).
    expect((await query<{ journal_mode: string }>('PRAGMA journal_mode'))[0]!.journal_mode).toBe('wal');
  });

  it('has the account after the restart: it signs in', async () => {
    await fixture.start(env);
    const viewer = new ProcessClient(fixture.base);
    await viewer.signIn(VIEWER_PHONE, VIEWER_PASSWORD);
    const me = await viewer.call('GET', '/api/user/me');
    expect(me.status).toBe(200);
    expect(await query('select user_id from users where phone_number = ?', [VIEWER_PHONE])).toHaveLength(1);
  });

  it('resumes the upload from the offset the server reports; the stored file equals the source', async () => {
    admin = new ProcessClient(fixture.base);
    await admin.signIn();
    const head = await admin.call('HEAD', uploadUrl, undefined, { 'tus-resumable': '1.0.0' });
    expect(head.status).toBe(200);
    offsetBeforeKill = Number(head.headers.get('upload-offset'));
    // Everything acknowledged before the kill is there; the stalled chunk counts only as far as it was written.
    expect(offsetBeforeKill).toBeGreaterThanOrEqual(3 * CHUNK);
    expect(offsetBeforeKill).toBeLessThanOrEqual(3 * CHUNK + CHUNK / 2);
    let last: Response | undefined;
    for (let offset = offsetBeforeKill; offset < clip.length; offset += CHUNK) {
      last = await patch(offset, clip.subarray(offset, offset + CHUNK));
      expect(last.status, await last.clone().text()).toBe(204);
    }
    expect(last?.headers.get('upload-offset')).toBe(String(clip.length));

    const sources = listFiles(path.join(fixture.dataDir, 'media')).filter((file) =>
      file.startsWith('sources/'),
    );
    expect(sources).toHaveLength(1);
    const stored = fs.readFileSync(path.join(fixture.dataDir, 'media', sources[0]!));
    const sha = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
    expect(sha(stored)).toBe(sha(clip));
  });

  it('stored nothing twice: one account, one video asset, one transcode job, no leftover upload', async () => {
    expect(await query('select user_id from users where phone_number = ?', [VIEWER_PHONE])).toHaveLength(1);
    const assets = await query<{ asset_id: number }>('select asset_id from media_assets where movie_id = ?', [
      movieId,
    ]);
    expect(assets).toHaveLength(1);
    expect(
      await query('select job_id from media_jobs where target_id = ?', [assets[0]!.asset_id]),
    ).toHaveLength(1);
    expect(listFiles(path.join(fixture.dataDir, 'tmp', 'tus'))).toEqual([]);
    // A repeated final chunk (a client retrying after a lost answer) changes nothing.
    const again = await patch(clip.length - 10, clip.subarray(clip.length - 10));
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(await query('select asset_id from media_assets where movie_id = ?', [movieId])).toHaveLength(1);
  });
});
