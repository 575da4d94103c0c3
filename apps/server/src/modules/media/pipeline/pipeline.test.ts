import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp, type TestClient } from '../../../test/harness.js';
import {
  makeClip,
  makeCorruptClip,
  mediaEnv,
  probeFile,
  startPlayback,
  trialViewer,
  tusUpload,
  waitFor,
  waitForJobs,
} from '../../../test/media-kit.js';
import { metricValue } from '../../../test/prometheus-tools.js';

/** Fetches a variant through its signed addresses, joins init and segments, and ffprobes the result. */
async function decodeVariant(client: TestClient, variantUrl: string, dir: string, name: string) {
  const playlist = await client.get(variantUrl);
  expect(playlist.statusCode).toBe(200);
  expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
  const uris = [
    /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist.body)![1]!,
    ...playlist.body.split('\n').filter((line) => line && !line.startsWith('#')),
  ];
  const parts: Buffer[] = [];
  for (const uri of uris) {
    expect(uri).toMatch(/^\/api\/stream\/s\/[^/]+\/(init\.mp4|seg_\d+\.m4s)$/);
    const response = await client.get(uri);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    parts.push(response.rawPayload);
  }
  const file = path.join(dir, `${name}.mp4`);
  fs.writeFileSync(file, Buffer.concat(parts));
  return probeFile(file);
}

function variants(master: string): { height: number; url: string; attributes: string }[] {
  const lines = master.split('\n');
  return lines
    .map((line, i) => ({ line, next: lines[i + 1] ?? '' }))
    .filter(({ line }) => line.startsWith('#EXT-X-STREAM-INF:'))
    .map(({ line, next }) => ({
      height: Number(/RESOLUTION=\d+x(\d+)/.exec(line)![1]),
      url: next,
      attributes: line,
    }));
}

describe('media pipeline: upload, transcode, stream', () => {
  let t: TestApp;
  let admin: TestClient;
  let clips: string;

  beforeAll(async () => {
    t = await createTestApp({
      ...mediaEnv(),
      WORKER_POLL_MS: '50',
      JOB_RETRY_BASE_SECONDS: '0',
      JOB_MAX_ATTEMPTS: '2',
    });
    admin = await signedInAdmin(t.app);
    clips = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-clips-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clips, { recursive: true, force: true });
  });

  it('transcodes a clip sent to /api/movie/add into an HLS ladder no higher than the source', async () => {
    const movie = (await admin.post('/api/movie/create')).json();
    const clip = await makeClip(clips, 'wide', { seconds: 2, width: 640, height: 360 });
    const upload = await admin.postForm('/api/movie/add', {
      file: { filename: 'wide.mp4', contentType: 'video/mp4', data: clip },
      movie_id: String(movie.movie_id),
    });
    expect(upload.statusCode).toBe(200);
    // The in-process worker may already have taken the job by the time the answer is written.
    expect(upload.json()).toMatchObject({
      status: 'processing',
      video: { status: expect.stringMatching(/^(queued|processing)$/), width: 640, height: 360 },
    });
    await waitForJobs(t.app);

    const ready = (await admin.get(`/api/movie/${movie.movie_id}`)).json();
    expect(ready).toMatchObject({
      status: 'ready',
      quality: 'SD',
      duration: 2,
      video: { status: 'ready', renditions: [360] },
    });
    expect(ready.video.poster.url).toMatch(/^\/media\/images\/posters\/.+\.webp$/);
    expect(ready.size).toBe(clip.length);
    const vtt = await admin.get(ready.video.preview_vtt);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).toMatch(/^WEBVTT/);
    expect(vtt.body).toMatch(/sprite\.jpg#xywh=0,0,160,90/);

    // Admins preview a draft through a playback session, as viewers play.
    const preview = await startPlayback(admin, movie.movie_id);
    const master = await admin.get(`/api/stream/${movie.movie_id}/master.m3u8?playback=${preview}`);
    expect(master.statusCode).toBe(200);
    const listed = variants(master.body);
    expect(listed.map((v) => v.height)).toEqual([360]);
    expect(listed[0]!.attributes).toMatch(
      /BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=640x360,CODECS="avc1\.64[0-9a-f]{4},mp4a\.40\.2"/,
    );
    const decoded = await decodeVariant(admin, listed[0]!.url, clips, 'wide-360');
    expect(decoded).toMatchObject({ width: 640, height: 360, codec: 'h264', frames: 50 });

    // The worker's figures: the attempt that did it, its encode speed, the segments sent and their bytes.
    const metric = (name: string, labels?: Record<string, string>) => metricValue(t.app, name, labels);
    expect(await metric('salomtv_media_job_attempts_total', { kind: 'transcode', outcome: 'done' })).toBe(1);
    expect(await metric('salomtv_media_job_speed_ratio_count', { kind: 'transcode' })).toBe(1);
    expect(await metric('salomtv_media_job_speed_ratio_sum', { kind: 'transcode' })).toBeGreaterThan(0);
    expect(await metric('salomtv_media_jobs', { kind: 'transcode', status: 'queued' })).toBe(0);
    expect(await metric('salomtv_segment_requests_total', { delivery: 'app' })).toBeGreaterThanOrEqual(2);
    const sent = fs.statSync(path.join(clips, 'wide-360.mp4')).size;
    expect(await metric('salomtv_segment_bytes_total')).toBe(sent);
  });

  it('takes a resumable (tus) upload in chunks and builds 720p and 480p from a 720p source', async () => {
    const movie = (await admin.post('/api/movie/create')).json();
    const clip = await makeClip(clips, 'hd', { seconds: 1, width: 1280, height: 720, format: 'mov' });
    const { create, last } = await tusUpload(
      admin,
      clip,
      { movie_id: String(movie.movie_id), kind: 'video', filename: 'hd.mov' },
      Math.ceil(clip.length / 3),
    );
    expect(create.statusCode).toBe(201);
    expect(last?.statusCode).toBe(204);
    await waitForJobs(t.app);
    const ready = (await admin.get(`/api/movie/${movie.movie_id}`)).json();
    expect(ready).toMatchObject({
      status: 'ready',
      quality: 'HD',
      video: { status: 'ready', renditions: [720, 480] },
    });

    const viewer = await trialViewer(t.app, '+998901110001');
    await admin.post('/api/movie/details', {
      movie_id: movie.movie_id,
      title: 'Tus clip',
      status: 'published',
    });
    const playback = await startPlayback(viewer, movie.movie_id);
    const master = await viewer.get(`/api/stream/${movie.movie_id}/master.m3u8?playback=${playback}`);
    expect(master.statusCode, master.body).toBe(200);
    const listed = variants(master.body);
    expect(listed.map((v) => v.height)).toEqual([720, 480]);
    for (const variant of listed) {
      const decoded = await decodeVariant(viewer, variant.url, clips, `hd-${variant.height}`);
      expect(decoded.height).toBe(variant.height);
      expect(decoded.frames).toBe(25);
    }
    // Nothing of the upload stays in the tus folder.
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp', 'tus'))).toEqual([]);
  });

  it('fails a corrupt video after its retries and says why on the title', async () => {
    const movie = (await admin.post('/api/movie/create')).json();
    const upload = await admin.postForm('/api/movie/add', {
      movie_id: String(movie.movie_id),
      file: { filename: 'broken.mp4', contentType: 'video/mp4', data: await makeCorruptClip(clips) },
    });
    expect(upload.statusCode).toBe(200);
    await waitForJobs(t.app);
    const failed = (await admin.get(`/api/movie/${movie.movie_id}`)).json();
    expect(failed.status).toBe('failed');
    expect(failed.failure_reason).toBe('Video: The video data is damaged and could not be decoded');
    expect(failed.video).toMatchObject({ status: 'failed' });
    const job = await t.app.container.database.db
      .selectFrom('media_jobs')
      .selectAll()
      .where('target_id', '=', failed.video.asset_id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts: 2 });
    // Two attempts: one to be retried, one that gave up; the row stays counted as failed.
    const metric = (name: string, labels?: Record<string, string>) => metricValue(t.app, name, labels);
    expect(await metric('salomtv_media_job_attempts_total', { kind: 'transcode', outcome: 'retrying' })).toBe(
      1,
    );
    expect(await metric('salomtv_media_job_attempts_total', { kind: 'transcode', outcome: 'failed' })).toBe(
      1,
    );
    expect(await metric('salomtv_media_jobs', { kind: 'transcode', status: 'failed' })).toBe(1);
    const list = (await admin.get('/api/movie/get?status=failed')).json();
    expect(list.map((item: { movie_id: number }) => item.movie_id)).toContain(movie.movie_id);
  });

  it('stops a running ffmpeg when the app closes', async () => {
    const other = await createTestApp({ ...mediaEnv(), WORKER_POLL_MS: '50' });
    try {
      const client = await signedInAdmin(other.app);
      const movie = (await client.post('/api/movie/create')).json();
      const clip = await makeClip(clips, 'long', {
        seconds: 90,
        width: 640,
        height: 360,
        audio: false,
        pattern: 'color',
      });
      await client.postForm('/api/movie/add', {
        movie_id: String(movie.movie_id),
        file: { filename: 'long.mp4', contentType: 'video/mp4', data: clip },
      });
      const { liveFfmpegs } = await import('../ffmpeg/run-ffmpeg.js');
      await waitFor(async () => liveFfmpegs.size > 0, 'ffmpeg to start');
      const child = [...liveFfmpegs][0]!;
      // Transcodes yield to the API's requests on a shared machine.
      expect(os.getPriority(child.pid!)).toBe(10);
      const started = Date.now();
      await other.app.close();
      expect(Date.now() - started).toBeLessThan(3000);
      expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
      expect(liveFfmpegs.size).toBe(0);
    } finally {
      await other.close().catch(() => {});
    }
  });
});
