import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PLAYBACK_SILENCE_SECONDS } from '@salomtv/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInAdmin, type TestApp, type TestClient } from '../../../test/harness.js';
import {
  binaries,
  makeClip,
  mediaEnv,
  startPlayback,
  trialViewer,
  waitForJobs,
} from '../../../test/media-kit.js';

const uris = (playlist: string) => playlist.split('\n').filter((line) => line && !line.startsWith('#'));

/**
 * A cookie-less HLS client, as a cast receiver is: ffmpeg reads the master at `url` and every segment of the
 * stream it picks, copying them nowhere. Answers its exit code and the last position it reached (seconds).
 */
async function ffmpegReads(url: string): Promise<{ code: number; seconds: number; log: string }> {
  const { ffmpeg } = await binaries();
  return new Promise((resolve) => {
    execFile(
      ffmpeg.path,
      ['-hide_banner', '-v', 'error', '-progress', 'pipe:1', '-i', url, '-c', 'copy', '-f', 'null', '-'],
      { timeout: 60_000 },
      (error, stdout, stderr) => {
        const times = [...stdout.matchAll(/^out_time_us=(\d+)$/gm)].map((m) => Number(m[1]) / 1e6);
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, seconds: Math.max(0, ...times), log: stderr });
      },
    );
  });
}

/** The same request as a cast receiver's: no cookie, no CSRF header, from another origin. */
const receiver = (t: TestApp, url: string) =>
  t.app.inject({ url, headers: { origin: 'https://www.gstatic.com' } });

describe('cast addresses: a signed master a cookie-less receiver plays, for as long as its playback lives', () => {
  let t: TestApp;
  let base: string;
  let movieId: number;
  let otherId: number;
  let viewer: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ ...mediaEnv(), WORKER_POLL_MS: '50', STREAM_URL_TTL_SECONDS: '600' });
    const admin = await signedInAdmin(t.app);
    viewer = await trialViewer(t.app, '+998901250001');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-cast-'));
    const clip = await makeClip(dir, 'clip', { seconds: 3, width: 640, height: 360, pattern: 'color' });
    fs.rmSync(dir, { recursive: true, force: true });
    const ids: number[] = [];
    for (const title of ['Cast Away', 'Other Shore']) {
      const id = (await admin.post('/api/movie/create')).json().movie_id as number;
      const upload = await admin.postForm('/api/movie/add', {
        movie_id: String(id),
        file: { filename: 'v.mp4', contentType: 'video/mp4', data: clip },
      });
      expect(upload.statusCode, upload.body).toBe(200);
      ids.push(id);
      await waitForJobs(t.app);
      const published = await admin.post('/api/movie/details', { movie_id: id, title, status: 'published' });
      expect(published.statusCode, published.body).toBe(200);
    }
    [movieId, otherId] = ids as [number, number];
    const subtitle = await admin.postForm('/api/movie/subtitle', {
      movie_id: String(movieId),
      language: 'Uz',
      file: {
        filename: 'uz.vtt',
        contentType: 'text/vtt',
        data: Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nSalom\n'),
      },
    });
    expect(subtitle.statusCode, subtitle.body).toBe(200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the test server has no port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => t.close());

  it('without cookies the master is refused; the cast address is played to the end by ffmpeg, then refused once the playback stops', async () => {
    const playback = await startPlayback(viewer, movieId);
    // What a receiver got before: the viewer's own master address needs the viewer's cookie.
    expect((await receiver(t, `/api/stream/${movieId}/master.m3u8?playback=${playback}`)).statusCode).toBe(
      401,
    );

    const cast = await viewer.post(`/api/playback/${playback}/cast`, { movie_id: movieId });
    expect(cast.statusCode, cast.body).toBe(200);
    const { url, expires_at } = cast.json() as { url: string; expires_at: string };
    expect(url).toMatch(/^\/api\/stream\/s\/c\.[^/]+\/master\.m3u8$/);
    expect(Date.parse(expires_at)).toBe(t.clock.now().getTime() + 600_000);

    // The master and everything under it answer without cookies, readable from the receiver's origin.
    const master = await receiver(t, url);
    expect(master.statusCode, master.body).toBe(200);
    expect(master.headers['access-control-allow-origin']).toBe('*');
    expect(master.body).toContain('TYPE=SUBTITLES');
    const variant = await receiver(t, uris(master.body)[0]!);
    expect(variant.statusCode).toBe(200);
    const segment = await receiver(t, uris(variant.body)[0]!);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['access-control-allow-origin']).toBe('*');

    const played = await ffmpegReads(`${base}${url}`);
    expect(played.code, played.log).toBe(0);
    expect(played.seconds).toBeGreaterThan(2.5);

    expect((await viewer.post(`/api/playback/${playback}/stop`)).statusCode).toBe(204);
    for (const address of [url, uris(master.body)[0]!, uris(variant.body)[0]!]) {
      const refused = await receiver(t, address);
      expect(refused.statusCode, address).toBe(409);
      expect(refused.json().error.code).toBe('stream_limit');
    }
    const again = await ffmpegReads(`${base}${url}`);
    expect(again.code).not.toBe(0);
  });

  it('is for the playback title only, for its own viewer, behind CSRF; an address of the other title cannot be made from it', async () => {
    const playback = await startPlayback(viewer, movieId);
    const other = await viewer.post(`/api/playback/${playback}/cast`, { movie_id: otherId });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('stream_limit');

    const stranger = await trialViewer(t.app, '+998901250002');
    const theirs = await stranger.post(`/api/playback/${playback}/cast`, { movie_id: movieId });
    expect(theirs.statusCode).toBe(409);
    const forged = await viewer.post(
      `/api/playback/${playback}/cast`,
      { movie_id: movieId },
      { csrf: false },
    );
    expect(forged.statusCode).toBe(403);

    // The asset is signed into the address: pointing it at the other title's video does not verify.
    const { url } = (await viewer.post(`/api/playback/${playback}/cast`, { movie_id: movieId })).json();
    const otherAsset = await t.app.container.database.db
      .selectFrom('titles')
      .select('video_asset_id')
      .where('movie_id', '=', otherId)
      .executeTakeFirstOrThrow();
    const moved = String(url).replace(/\/c\.(\d+)\./, `/c.${otherAsset.video_asset_id}.`);
    expect(moved).not.toBe(url);
    expect((await receiver(t, moved)).statusCode).toBe(403);
    // A cast mark added to an ordinary address does not verify either.
    const own = await viewer.get(`/api/stream/${movieId}/master.m3u8?playback=${playback}`);
    const variant = uris(own.body)[0]!.replace('/api/stream/s/', '/api/stream/s/c.');
    expect((await receiver(t, variant)).statusCode).toBe(403);
    await viewer.post(`/api/playback/${playback}/stop`);
  });

  it('is refused when its playback goes silent, when the viewer signs out, and once it expires', async () => {
    const silent = await startPlayback(viewer, movieId);
    const silentUrl = (await viewer.post(`/api/playback/${silent}/cast`, { movie_id: movieId })).json().url;
    const master = await receiver(t, silentUrl);
    expect(master.statusCode).toBe(200);
    const variant = uris(master.body)[0]!;
    t.clock.advance((PLAYBACK_SILENCE_SECONDS + 1) * 1000);
    expect((await receiver(t, silentUrl)).statusCode).toBe(409);
    expect((await receiver(t, variant)).statusCode).toBe(409);

    const fresh = await startPlayback(viewer, movieId);
    const freshUrl = (await viewer.post(`/api/playback/${fresh}/cast`, { movie_id: movieId })).json().url;
    expect((await receiver(t, freshUrl)).statusCode).toBe(200);
    t.clock.advance(601_000);
    expect((await receiver(t, freshUrl)).statusCode).toBe(403);

    const device = await trialViewer(t.app, '+998901250003');
    const playback = await startPlayback(device, movieId);
    const url = (await device.post(`/api/playback/${playback}/cast`, { movie_id: movieId })).json().url;
    expect((await receiver(t, url)).statusCode).toBe(200);
    expect((await device.post('/api/user/logout')).statusCode).toBe(200);
    expect((await receiver(t, url)).statusCode).toBe(401);
  });
});
