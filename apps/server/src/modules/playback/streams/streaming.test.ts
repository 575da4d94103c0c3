import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createTestApp,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  type TestClient,
} from '../../../test/harness.js';
import { makeClip, mediaEnv, startPlayback, trialViewer, waitForJobs } from '../../../test/media-kit.js';

const SRT = `1
00:00:00,000 --> 00:00:00,800
Salom, <b>dunyo</b>!<script>x</script>

2
00:00:00,800 --> 00:00:01,000
Xayr
`;

function uris(playlist: string): string[] {
  return playlist.split('\n').filter((line) => line && !line.startsWith('#'));
}

describe('streaming: signed addresses, entitlement caps, ranges, subtitles', () => {
  let t: TestApp;
  let admin: TestClient;
  let viewer: TestClient;
  let movieId: number;
  let master: string;
  /** The viewer's playback session of the title, which every feature stream address belongs to. */
  let playback: string;

  beforeAll(async () => {
    t = await createTestApp({ ...mediaEnv(), WORKER_POLL_MS: '50', STREAM_URL_TTL_SECONDS: '600' });
    admin = await signedInAdmin(t.app);
    viewer = await trialViewer(t.app, '+998901240001');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-clips-'));
    movieId = (await admin.post('/api/movie/create')).json().movie_id;
    // Two seconds: a 0.5 s first segment, then a 1.5 s one (ladder.ts), so start.mp4 has two to pick from.
    const hd = await makeClip(dir, 'hd', { seconds: 2, width: 1280, height: 720, pattern: 'color' });
    const small = await makeClip(dir, 'trailer', { seconds: 1, width: 320, height: 180 });
    const mp4 = (data: Buffer) => ({ filename: 'v.mp4', contentType: 'video/mp4', data });
    expect(
      (await admin.postForm('/api/movie/add', { movie_id: String(movieId), file: mp4(hd) })).statusCode,
    ).toBe(200);
    expect(
      (await admin.postForm('/api/movie/trailer', { movie_id: String(movieId), file: mp4(small) }))
        .statusCode,
    ).toBe(200);
    const subtitle = await admin.postForm('/api/movie/subtitle', {
      movie_id: String(movieId),
      language: 'Uz',
      file: { filename: 'uz.srt', contentType: 'application/x-subrip', data: Buffer.from(SRT) },
    });
    expect(subtitle.statusCode, subtitle.body).toBe(200);
    expect(subtitle.json().subtitles).toEqual([
      { subtitle_id: expect.any(Number), language: 'uz', label: 'Oʻzbekcha', episode_id: null },
    ]);
    await waitForJobs(t.app);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterAll(() => t.close());

  it('hides an unpublished title from viewers (404) but lets the admin preview it, through a session', async () => {
    expect((await viewer.get(`/api/stream/${movieId}/master.m3u8`)).statusCode).toBe(404);
    expect((await viewer.post('/api/playback/start', { movie_id: movieId })).statusCode).toBe(404);
    expect((await admin.get(`/api/stream/${movieId}/master.m3u8`)).statusCode).toBe(409);
    const preview = await startPlayback(admin, movieId);
    expect((await admin.get(`/api/stream/${movieId}/master.m3u8?playback=${preview}`)).statusCode).toBe(200);
    const published = await admin.post('/api/movie/details', {
      movie_id: movieId,
      title: 'Streamed',
      status: 'published',
    });
    expect(published.json().movie.status).toBe('published');
    playback = await startPlayback(viewer, movieId);
  });

  it('answers 401 to a signed-out viewer and 403 to an account without a plan or trial', async () => {
    const anonymous = new (await import('../../../test/harness.js')).TestClient(t.app);
    expect((await anonymous.get(`/api/stream/${movieId}/master.m3u8`)).statusCode).toBe(401);
    const lapsed = await signedInViewer(t.app, '+998901240002');
    expect((await lapsed.get(`/api/stream/${movieId}/master.m3u8`)).statusCode).toBe(403);
  });

  it('plays the trailer to everyone, signed in or not', async () => {
    const anonymous = new (await import('../../../test/harness.js')).TestClient(t.app);
    const trailer = await anonymous.get(`/api/stream/${movieId}/master.m3u8?asset=trailer`);
    expect(trailer.statusCode).toBe(200);
    const variant = await anonymous.get(uris(trailer.body)[0]!);
    expect(variant.statusCode).toBe(200);
    for (const uri of uris(variant.body)) expect((await anonymous.get(uri)).statusCode).toBe(200);
  });

  it('lists the renditions the viewer may watch, with subtitles, and counts the view', async () => {
    const response = await viewer.get(`/api/stream/${movieId}/master.m3u8?playback=${playback}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(response.headers['cache-control']).toBe('private, no-store');
    master = response.body;
    expect(master).toMatch(/RESOLUTION=1280x720/);
    expect(master).toMatch(/RESOLUTION=854x480/);
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Oʻzbekcha",LANGUAGE="uz"/);
    const subtitleUri = /TYPE=SUBTITLES.*URI="([^"]+)"/.exec(master)![1]!;
    const vttUri = uris((await viewer.get(subtitleUri)).body)[0]!;
    const vtt = await viewer.get(vttUri);
    expect(vtt.headers['content-type']).toContain('text/vtt');
    expect(vtt.body).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:00.800\nSalom, <b>dunyo</b>!x\n\n2\n00:00:00.800 --> 00:00:01.000\nXayr\n',
    );
    // Fetching a playlist is not a view: views come from playback progress (the library module).
    const details = (await admin.get(`/api/movie/${movieId}`)).json();
    expect(details.view_count).toBe(0);
  });

  it('answers the master and the lowest variant playlist together at start.json, with the same checks', async () => {
    const start = await viewer.get(`/api/stream/${movieId}/start.json?playback=${playback}`);
    expect(start.statusCode, start.body).toBe(200);
    expect(start.headers['cache-control']).toBe('private, no-store');
    const { master: startMaster, first } = start.json();
    // The same renditions as master.m3u8; the first is the lowest, whose playlist is the one behind its address.
    expect(uris(startMaster).map((uri) => uri.split('/')[4]!.split('.')[1])).toEqual(['720', '480']);
    expect(first.uri).toBe(uris(startMaster)[1]);
    expect(first.playlist).toBe((await viewer.get(first.uri)).body);
    expect(uris(first.playlist).length).toBeGreaterThan(0);
    for (const uri of uris(first.playlist)) expect((await viewer.get(uri)).statusCode).toBe(200);

    const anonymous = new (await import('../../../test/harness.js')).TestClient(t.app);
    expect((await anonymous.get(`/api/stream/${movieId}/start.json`)).statusCode).toBe(401);
    const trailer = await anonymous.get(`/api/stream/${movieId}/start.json?asset=trailer`);
    expect(trailer.statusCode).toBe(200);
    expect((await anonymous.get(trailer.json().first.uri)).body).toBe(trailer.json().first.playlist);
    const lapsed = await signedInViewer(t.app, '+998901240004');
    expect((await lapsed.get(`/api/stream/${movieId}/start.json`)).statusCode).toBe(403);
    expect(
      (await viewer.get(`/api/stream/${movieId}/start.json?playback=${playback}&asset=poster`)).statusCode,
    ).toBe(400);
  });

  it('sends the lowest init segment and the segment holding `at` as one MP4 at start.mp4, with the same checks', async () => {
    const { first } = (await viewer.get(`/api/stream/${movieId}/start.json?playback=${playback}`)).json();
    const init = (await viewer.get(/URI="([^"]+)"/.exec(first.playlist)![1]!)).rawPayload;
    const segments = await Promise.all(
      uris(first.playlist).map(async (uri) => (await viewer.get(uri)).rawPayload),
    );
    expect(segments).toHaveLength(2);
    for (const [query, index] of [
      ['', 0],
      ['&at=0.3', 0],
      ['&at=1.2', 1],
      ['&at=99', 0],
    ] as const) {
      const media = await viewer.get(`/api/stream/${movieId}/start.mp4?playback=${playback}${query}`);
      expect(media.statusCode, media.body).toBe(200);
      expect(media.headers).toMatchObject({
        'content-type': 'video/mp4',
        'cache-control': 'private, no-store',
        'x-init-length': String(init.length),
        'x-start-segment': `seg_0000${index}.m4s`,
      });
      // The picture's part, then the sound's (the feature's one audio track, in its own rendition).
      const picture = Buffer.concat([init, segments[index]!]);
      expect(media.headers['x-segment-length']).toBe(String(segments[index]!.length));
      expect(media.rawPayload.subarray(0, picture.length).equals(picture), query).toBe(true);
      expect(media.headers['x-audio-rendition']).toMatch(/^a\d+c2$/);
      expect(media.rawPayload.length).toBeGreaterThan(
        picture.length + Number(media.headers['x-audio-init-length']),
      );
    }

    const anonymous = new (await import('../../../test/harness.js')).TestClient(t.app);
    expect((await anonymous.get(`/api/stream/${movieId}/start.mp4`)).statusCode).toBe(401);
    const trailer = await anonymous.get(`/api/stream/${movieId}/start.mp4?asset=trailer&at=0`);
    expect(trailer.statusCode).toBe(200);
    expect(trailer.headers['x-start-segment']).toBe('seg_00000.m4s');
    const lapsed = await signedInViewer(t.app, '+998901240005');
    expect((await lapsed.get(`/api/stream/${movieId}/start.mp4`)).statusCode).toBe(403);
    for (const query of ['&at=-1', '&at=soon', '&at=1e9', '&asset=poster', '&file=../secret']) {
      const refused = await viewer.get(`/api/stream/${movieId}/start.mp4?playback=${playback}${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.code, query).toBe('validation_failed');
    }
  });

  it("refuses a variant or segment above the viewer's cap with 403", async () => {
    const [hd, sd] = uris(master);
    const hdVariant = await viewer.get(hd!);
    expect(hdVariant.statusCode).toBe(200);
    const hdSegment = uris(hdVariant.body)[0]!;
    const spy = vi
      .spyOn(t.app.container.services.streaming.entitlements, 'forTitle')
      .mockResolvedValue({ mayPlay: true, maxHeight: 480, preroll: false });
    try {
      const capped = await viewer.get(`/api/stream/${movieId}/master.m3u8?playback=${playback}`);
      expect(capped.body).not.toMatch(/RESOLUTION=1280x720/);
      expect(uris(capped.body)).toHaveLength(1);
      expect((await viewer.get(hd!)).statusCode).toBe(403);
      expect((await viewer.get(hdSegment)).statusCode).toBe(403);
      expect((await viewer.get(sd!)).statusCode).toBe(200);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses tampered, foreign and expired addresses', async () => {
    const variant = uris(master)[1]!;
    const [, , , , token, file] = variant.split('/');
    const parts = token!.split('.');
    const otherRendition = [parts[0], '720', ...parts.slice(2)].join('.');
    expect((await viewer.get(`/api/stream/s/${otherRendition}/${file}`)).statusCode).toBe(403);
    const flipped = `${token!.slice(0, -1)}${token!.endsWith('A') ? 'B' : 'A'}`;
    expect((await viewer.get(`/api/stream/s/${flipped}/${file}`)).statusCode).toBe(403);
    expect((await viewer.get(`/api/stream/s/${token}/../../secret`)).statusCode).toBeGreaterThanOrEqual(400);
    const someoneElse = await trialViewer(t.app, '+998901240003');
    expect((await someoneElse.get(variant)).statusCode).toBe(403);
    const anonymous = new (await import('../../../test/harness.js')).TestClient(t.app);
    expect((await anonymous.get(variant)).statusCode).toBe(401);
    t.clock.advance(601_000);
    try {
      expect((await viewer.get(variant)).statusCode).toBe(403);
    } finally {
      t.clock.advance(-601_000);
    }
  });

  it('serves segments with ranges, types and cache headers', async () => {
    const variant = await viewer.get(uris(master)[1]!);
    const segment = uris(variant.body)[0]!;
    const whole = await viewer.get(segment);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes' });
    expect(whole.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const size = whole.rawPayload.length;
    const part = await viewer.get(segment, { headers: { range: 'bytes=10-109' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-109/${size}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 110))).toBe(true);
    const tail = await viewer.get(segment, { headers: { range: 'bytes=-5' } });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 5))).toBe(true);
    const outside = await viewer.get(segment, { headers: { range: `bytes=${size + 10}-` } });
    expect(outside.statusCode).toBe(416);
  });

  it('keeps an upcoming title from playing until its release date', async () => {
    await admin.post('/api/movie/details', {
      movie_id: movieId,
      title: 'Streamed',
      release_date: '2026-07-01',
    });
    expect((await viewer.get(`/api/stream/${movieId}/master.m3u8?playback=${playback}`)).statusCode).toBe(
      403,
    );
    expect((await viewer.get(`/api/stream/${movieId}/master.m3u8?asset=trailer`)).statusCode).toBe(200);
    await admin.post('/api/movie/details', { movie_id: movieId, title: 'Streamed', release_date: null });
  });

  it('refuses subtitle files that are not text or too large', async () => {
    const send = (data: Buffer) =>
      admin.postForm('/api/movie/subtitle', {
        movie_id: String(movieId),
        language: 'Ru',
        file: { filename: 'x.vtt', contentType: 'text/vtt', data },
      });
    expect((await send(Buffer.from([0x00, 0x01, 0x02, 0xff]))).statusCode).toBe(415);
    expect((await send(Buffer.from('no cues here'))).statusCode).toBe(415);
    expect((await send(Buffer.alloc(1024 * 1024 + 1, 'a'))).statusCode).toBe(413);
  });
});
