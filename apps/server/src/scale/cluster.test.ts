import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { hashPassword } from '../lib/passwords.js';
import { ADMIN_PASSWORD, ADMIN_PHONE } from '../test/harness.js';
import { makeClip, mediaEnv, probeFile } from '../test/media-kit.js';
import {
  dropSchemas,
  freePort,
  freshSchema,
  loggedProblems,
  MAIN_JS,
  ProcessClient,
  type RunningProcess,
  requirePostgres,
  startProcess,
  until,
  WORKER_JS,
} from './cluster-kit.js';
import { startTestS3, type TestS3 } from './s3-test-server.js';

const databaseUrl = requirePostgres();
const VIEWER_PHONE = '+998907770001';
const VIEWER_PASSWORD = 'viewer-pass-1';

/**
 * Two API processes (ports A and B, each with its own data folder: nothing shared on disk) and one
 * transcode worker, over one PostgreSQL schema and one bucket, as behind a load balancer.
 */
describe('two API instances and a worker over PostgreSQL and S3', () => {
  const schema = freshSchema();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-cluster-'));
  const processes: RunningProcess[] = [];
  let s3: TestS3;
  let db: DatabaseHandle;
  let a: string;
  let b: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    const shared = {
      ...mediaEnv(),
      ...s3.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      JOB_QUEUE: 'pgboss',
      JOB_LEASE_SECONDS: '5',
      JOB_RETRY_BASE_SECONDS: '1',
      WORKER_POLL_MS: '200',
      // Every instance signs and checks the same stream addresses and codes.
      STREAM_SIGNING_SECRET: 'cluster-test-stream-secret-0123456789abcdef',
      OTP_SECRET: 'cluster-test-otp-secret-0123456789abcdef0123',
      OTP_SENDS_PER_ADDRESS_PER_HOUR: '100',
      ADMIN_PHONE,
      ADMIN_PASSWORD,
      SEED_DEMO: 'false',
    };
    const api = (name: string) => ({
      ...shared,
      DATA_DIR: path.join(work, name),
      WORKER_IN_PROCESS: 'false',
      LOG_LEVEL: 'warn',
    });
    const [portA, portB] = [await freePort(), await freePort()];
    // The first instance migrates and seeds; the others start on the ready schema.
    processes.push(await startProcess(MAIN_JS, api('api-a'), portA));
    processes.push(await startProcess(MAIN_JS, api('api-b'), portB));
    processes.push(await startProcess(WORKER_JS, { ...shared, DATA_DIR: path.join(work, 'worker') }));
    a = `http://127.0.0.1:${portA}`;
    b = `http://127.0.0.1:${portB}`;
    db = await openDatabase({ databaseUrl, pgSchema: schema, dataDir: work, sqliteSynchronous: 'FULL' });
    const now = new Date().toISOString();
    await db.db
      .insertInto('users')
      .values({
        phone_number: VIEWER_PHONE,
        password_hash: await hashPassword(VIEWER_PASSWORD),
        role: 'user',
        status: 'active',
        verified: 1,
        trial_ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        created_at: now,
        updated_at: now,
      })
      .execute();
  });

  afterAll(async () => {
    for (const p of processes) await p.stop('SIGKILL');
    await db?.close();
    await dropSchemas(databaseUrl, schema);
    await s3?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** The same browser, its requests sent to the other instance (what a load balancer does). */
  const onOther = (client: ProcessClient, base: string) => {
    const other = new ProcessClient(base);
    for (const [name, value] of client.cookies) other.cookies.set(name, value);
    return other;
  };

  it('keeps a viewer signed in on the other instance, and signed out everywhere after signing out on one', async () => {
    const viewerA = new ProcessClient(a);
    await viewerA.signIn(VIEWER_PHONE, VIEWER_PASSWORD);
    const viewerB = onOther(viewerA, b);
    const role = await viewerB.call('GET', '/api/user/role');
    expect(role.status).toBe(200);
    expect(await role.json()).toEqual([{ role: 'user' }]);

    expect((await viewerB.call('POST', '/api/user/logout')).status).toBe(200);
    expect((await onOther(viewerA, a).call('GET', '/api/user/role')).status).toBe(401);
  });

  it('takes an upload started on one instance and finished on the other; the worker transcodes it; both play it', async () => {
    const adminA = new ProcessClient(a);
    await adminA.signIn(ADMIN_PHONE, ADMIN_PASSWORD);
    const adminB = onOther(adminA, b);
    const movie = (await (await adminA.call('POST', '/api/movie/create')).json()) as { movie_id: number };

    const clip = await makeClip(path.join(work, 'clips'), 'cluster', { seconds: 1, width: 320, height: 180 });
    const meta = Object.entries({ movie_id: String(movie.movie_id), kind: 'video', filename: 'cluster.mp4' })
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
    const created = await adminA.call('POST', '/api/uploads', {
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(clip.length), 'upload-metadata': meta },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = Math.floor(clip.length / 2);
    const first = await adminA.call('PATCH', location, {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(clip.subarray(0, half)),
    });
    expect(first.status, `${await first.clone().text()}\n${loggedProblems(processes[0]!)}`).toBe(204);
    // The other instance knows how far the upload got: its state is in the bucket, not on A's disk.
    const head = await adminB.call('HEAD', location, { headers: { 'tus-resumable': '1.0.0' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const rest = await adminB.call('PATCH', location, {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(half),
        'content-type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(clip.subarray(half)),
    });
    // The server's own error line says why, where the answer only says that it failed.
    expect(rest.status, `${await rest.clone().text()}\n${loggedProblems(processes[1]!)}`).toBe(204);

    const ready = await until(
      'the worker to transcode the upload',
      async () => {
        const record = (await (await adminB.call('GET', `/api/movie/${movie.movie_id}`)).json()) as {
          status: string;
          video: {
            status: string;
            renditions: number[];
            error?: string | null;
            poster: { url: string } | null;
          } | null;
        };
        if (record.video?.status === 'failed') throw new Error(`transcode failed: ${record.video.error}`);
        return record.video?.status === 'ready' ? record : undefined;
      },
      120_000,
    );
    expect(ready.video?.renditions).toEqual([180]);
    // The API instances never ran a job; the separate worker did.
    const worker = processes[2]!;
    // (The asset turns ready just before the worker marks the job done and logs it.)
    await until('the worker to log the job done', async () =>
      worker.output.some((line) => line.includes('"msg":"job done"')),
    );
    // Public images (the poster ffmpeg took) answer with a redirect to a presigned bucket address.
    const posterUrl = ready.video!.poster!.url;
    expect(posterUrl).toMatch(/^\/api\/media\/images\/posters\/.+\.webp$/);
    const poster = await adminB.call('GET', posterUrl);
    expect(poster.status).toBe(302);
    const image = Buffer.from(await (await fetch(poster.headers.get('location')!)).arrayBuffer());
    expect(image.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // Sources and ladders are not public; and pages allow the bucket's origin for images and media.
    expect((await adminB.call('GET', '/api/media/sources/anything.mp4')).status).toBe(404);
    const page = await adminB.call('GET', '/no-such-page');
    const policy = page.headers.get('content-security-policy') ?? '';
    for (const directive of ['img-src', 'media-src', 'connect-src'])
      expect(policy.split(';').find((d) => d.startsWith(directive))).toContain(s3.endpoint);
    // Nothing of the upload or the source stays on an API instance's disk.
    for (const name of ['api-a', 'api-b'])
      expect(fs.readdirSync(path.join(work, name, 'tmp', 'tus'))).toEqual([]);

    const published = await adminA.call('POST', '/api/movie/details', {
      json: { movie_id: movie.movie_id, title: 'Cluster clip', status: 'published' },
    });
    expect(published.status).toBe(200);

    const viewerA = new ProcessClient(a);
    await viewerA.signIn(VIEWER_PHONE, VIEWER_PASSWORD);
    // One playback session, started on A: every instance holds its stream addresses to it.
    const started = await viewerA.call('POST', '/api/playback/start', { json: { movie_id: movie.movie_id } });
    expect(started.status).toBe(200);
    const { playback_id: playbackId } = (await started.json()) as { playback_id: string };
    const playback = `?playback=${playbackId}`;
    let reference: Buffer | undefined;
    let segment = '';
    for (const base of [a, b]) {
      const viewer = onOther(viewerA, base);
      const master = await viewer.call('GET', `/api/stream/${movie.movie_id}/master.m3u8${playback}`);
      expect(master.status, await master.clone().text()).toBe(200);
      const masterText = await master.text();
      expect(masterText.startsWith('#EXTM3U')).toBe(true);
      const variantUri = masterText.split('\n').find((line) => line && !line.startsWith('#'))!;
      expect(variantUri).toMatch(/^\/api\/stream\/s\/[^/]+\/index\.m3u8$/);
      // The variant comes from the instance the master did not come from.
      const variant = await onOther(viewerA, base === a ? b : a).call('GET', variantUri);
      expect(variant.status).toBe(200);
      const variantText = await variant.text();
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(variantText)![1]!;
      const segments = variantText.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(segments.length).toBeGreaterThan(0);
      segment = segments[0]!;
      // Each segment's signed address checks the playback session, then redirects to a short-lived presigned
      // bucket address: the bytes never pass through Node.
      const parts: Buffer[] = [];
      for (const uri of [init, ...segments]) {
        expect(uri).toMatch(/^\/api\/stream\/s\/[^/]+\/(init\.mp4|seg_\d+\.m4s)$/);
        const viaApi = await viewer.call('GET', uri);
        expect(viaApi.status).toBe(302);
        const location = viaApi.headers.get('location')!;
        expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/hls/`)).toBe(true);
        expect(location).toContain('X-Amz-Signature=');
        const response = await fetch(location);
        expect(response.status).toBe(200);
        parts.push(Buffer.from(await response.arrayBuffer()));
      }
      expect(parts[0]!.subarray(4, 8).toString('latin1')).toBe('ftyp');
      const joined = Buffer.concat(parts);
      reference ??= joined;
      expect(joined.equals(reference)).toBe(true);
      const file = path.join(work, `played-${base === a ? 'a' : 'b'}.mp4`);
      fs.writeFileSync(file, joined);
      const probe = await probeFile(file);
      expect(probe).toMatchObject({ width: 320, height: 180, codec: 'h264', frames: 25 });
      // The sound is stored once beside the picture, as its own rendition, and reached the same way.
      const audioUri = /#EXT-X-MEDIA:TYPE=AUDIO,.*URI="([^"]+)"/.exec(masterText)![1]!;
      const audioVariant = await viewer.call('GET', audioUri);
      expect(audioVariant.status).toBe(200);
      const audioText = await audioVariant.text();
      const audioFiles = [
        /#EXT-X-MAP:URI="([^"]+)"/.exec(audioText)![1]!,
        audioText.split('\n').find((line) => line && !line.startsWith('#'))!,
      ];
      for (const uri of audioFiles) {
        const viaApi = await viewer.call('GET', uri);
        expect(viaApi.status).toBe(302);
        const location = viaApi.headers.get('location')!;
        expect(new URL(location).pathname).toMatch(new RegExp(`^/${s3.bucket}/hls/[^/]+/a0/2ch/`));
        expect((await fetch(location)).status).toBe(200);
      }

      // Nor are they joined by the API at start.mp4: the player asks for the presigned addresses instead.
      expect((await viewer.call('GET', `/api/stream/${movie.movie_id}/start.mp4${playback}`)).status).toBe(
        404,
      );
    }
    // Stopped on A, the session's addresses are refused there at once, and on B within about a second.
    expect((await viewerA.call('POST', `/api/playback/${playbackId}/stop`)).status).toBe(204);
    expect((await viewerA.call('GET', segment)).status).toBe(409);
    await until(
      'B to refuse the stopped session',
      async () => (await onOther(viewerA, b).call('GET', segment)).status === 409,
      10_000,
    );
    // Signed out, the feature does not play on either instance.
    expect((await new ProcessClient(b).call('GET', `/api/stream/${movie.movie_id}/master.m3u8`)).status).toBe(
      401,
    );
  });

  it('refuses the 6th one-time-code send for a number on whichever instance receives it', async () => {
    const phone = '+998907770099';
    const send = (base: string) =>
      new ProcessClient(base).call('POST', '/api/otp/send', { json: { phoneNumber: phone } });
    for (let i = 1; i <= 5; i++) {
      const response = await send(i % 2 ? a : b);
      expect(response.status, await response.clone().text()).toBe(200);
      // As if the 30-second resend pause had passed (the hourly count is what is under test).
      await db.db.deleteFrom('rate_counters').where('counter_key', '=', `otp:cooldown:${phone}`).execute();
    }
    for (const base of [a, b]) {
      const refused = await send(base);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
        /Too many codes were sent to this number/,
      );
      await db.db.deleteFrom('rate_counters').where('counter_key', '=', `otp:cooldown:${phone}`).execute();
    }
  });
});
