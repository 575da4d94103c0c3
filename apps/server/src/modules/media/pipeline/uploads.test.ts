import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  listFiles,
  pngImage,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  type TestClient,
} from '../../../test/harness.js';
import { binaries, makeClip, mediaEnv, tusUpload } from '../../../test/media-kit.js';

const run = promisify(execFile);

async function counts(t: TestApp) {
  const db = t.app.container.database.db;
  const [assets, jobs] = await Promise.all([
    db.selectFrom('media_assets').select('asset_id').execute(),
    db.selectFrom('media_jobs').select('job_id').execute(),
  ]);
  return { assets: assets.length, jobs: jobs.length };
}

/** The catalogue's files (sources, ladders, images, subtitles; flags and others belong to other modules). */
function catalogFiles(t: TestApp): string[] {
  return listFiles(path.join(t.dataDir, 'media')).filter((file) =>
    /^(sources|hls|images|subtitles)\//.test(file),
  );
}

/** Everything on disk the catalogue owns besides the database: media, and temporary uploads. */
function snapshot(t: TestApp) {
  return { media: catalogFiles(t), tmp: listFiles(path.join(t.dataDir, 'tmp')) };
}

describe('uploads: checks that change nothing when they refuse', () => {
  let t: TestApp;
  let admin: TestClient;
  let clips: string;
  let clip: Buffer;
  let movieId: number;
  const video = (data: Buffer, filename = 'clip.mp4') => ({ filename, contentType: 'video/mp4', data });

  beforeAll(async () => {
    t = await createTestApp({ ...mediaEnv(), WORKER_IN_PROCESS: 'false', MAX_VIDEO_BYTES: '200000' });
    admin = await signedInAdmin(t.app);
    clips = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-clips-'));
    clip = await makeClip(clips, 'small', { seconds: 1, width: 160, height: 90 });
    movieId = (await admin.post('/api/movie/create')).json().movie_id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clips, { recursive: true, force: true });
  });

  async function expectRefused<R extends { statusCode: number; body: string }>(
    send: () => Promise<R>,
    status: number,
  ) {
    const before = { disk: snapshot(t), rows: await counts(t) };
    const response = await send();
    expect(response.statusCode, response.body).toBe(status);
    expect(snapshot(t)).toEqual(before.disk);
    expect(await counts(t)).toEqual(before.rows);
    return response;
  }

  it('refuses a file that is not a video with 415 (by content, whatever its name says)', async () => {
    const response = await expectRefused(
      () =>
        admin.postForm('/api/movie/add', {
          movie_id: String(movieId),
          file: video(Buffer.from('just text, not a video')),
        }),
      415,
    );
    expect(response.json().error).toMatchObject({
      code: 'unsupported_type',
      fields: { file: expect.any(String) },
    });
    await expectRefused(
      async () =>
        admin.postForm('/api/movie/trailer', {
          movie_id: String(movieId),
          file: video(await pngImage(40, 30)),
        }),
      415,
    );
  });

  it('refuses an MP4 without a picture (ffprobe finds no video stream) with 415', async () => {
    const file = path.join(clips, 'audio-only.mp4');
    const { ffmpeg } = await binaries();
    await run(ffmpeg.path, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      '-c:a',
      'aac',
      file,
    ]);
    const response = await expectRefused(
      () =>
        admin.postForm('/api/movie/add', { movie_id: String(movieId), file: video(fs.readFileSync(file)) }),
      415,
    );
    expect(response.json().error.message).toMatch(/no video stream|not an MP4/);
  });

  it('refuses a file over MAX_VIDEO_BYTES with 413', async () => {
    const big = Buffer.concat([clip, Buffer.alloc(210_000)]);
    const response = await expectRefused(
      () => admin.postForm('/api/movie/add', { movie_id: String(movieId), file: video(big) }),
      413,
    );
    expect(response.json().error.code).toBe('too_large');
    const tus = await expectRefused(
      async () =>
        (await tusUpload(admin, big, { movie_id: String(movieId), kind: 'video', filename: 'big.mp4' }))
          .create,
      413,
    );
    expect(tus.statusCode).toBe(413);
  });

  it('answers 404 for an unknown movie, whether movie_id comes before or after the file', async () => {
    await expectRefused(
      () => admin.postForm('/api/movie/add', { movie_id: '99999', file: video(clip) }),
      404,
    );
    await expectRefused(
      () => admin.postForm('/api/movie/add', { file: video(clip), movie_id: '99999' }),
      404,
    );
    await expectRefused(
      async () =>
        (await tusUpload(admin, clip, { movie_id: '99999', kind: 'video', filename: 'x.mp4' })).create,
      404,
    );
  });

  it('refuses fields a form does not declare, naming them (400), before or after the file, keeping nothing', async () => {
    const movie_id = String(movieId);
    const after = await expectRefused(
      () =>
        admin.postForm('/api/movie/add', { movie_id, file: video(clip), colour: 'red', status: 'published' }),
      400,
    );
    expect(after.json().error).toEqual({
      code: 'validation_failed',
      message: 'Some fields are not valid',
      fields: { colour: 'Unknown field', status: 'Unknown field' },
    });
    const first = await expectRefused(
      () => admin.postForm('/api/movie/trailer', { colour: 'red', movie_id, file: video(clip) }),
      400,
    );
    expect(first.json().error.fields).toEqual({ colour: 'Unknown field' });
    const otherFile = await expectRefused(
      () => admin.postForm('/api/movie/add', { movie_id, poster: video(clip) }),
      400,
    );
    expect(otherFile.json().error.fields).toEqual({ poster: 'Unknown field' });
    const image = await expectRefused(
      async () =>
        admin.postForm('/api/movie/thumbnail', {
          movie_id,
          caption: 'a poster',
          file: { filename: 'p.png', contentType: 'image/png', data: await pngImage(40, 60) },
        }),
      400,
    );
    expect(image.json().error.fields).toEqual({ caption: 'Unknown field' });
    const subtitle = await expectRefused(
      () =>
        admin.postForm('/api/movie/subtitle', {
          movie_id,
          language: 'en',
          forced: 'true',
          file: { filename: 'a.vtt', contentType: 'text/vtt', data: Buffer.from('WEBVTT\n\n') },
        }),
      400,
    );
    expect(subtitle.json().error.fields).toEqual({ forced: 'Unknown field' });
  });

  it('refuses viewers (403), signed-out callers (401) and a missing CSRF header (403)', async () => {
    const viewer = await signedInViewer(t.app, '+998901230001');
    await expectRefused(
      () => viewer.postForm('/api/movie/add', { movie_id: String(movieId), file: video(clip) }),
      403,
    );
    await expectRefused(
      async () =>
        (await tusUpload(viewer, clip, { movie_id: String(movieId), kind: 'video', filename: 'x.mp4' }))
          .create,
      403,
    );
    const stranger = await signedInAdmin(t.app);
    stranger.cookies.delete('sid');
    await expectRefused(
      () => stranger.postForm('/api/movie/add', { movie_id: String(movieId), file: video(clip) }),
      401,
    );
    await expectRefused(
      () =>
        admin.postForm('/api/movie/add', { movie_id: String(movieId), file: video(clip) }, { csrf: false }),
      403,
    );
  });

  it('checks a finished tus upload like a form upload, and deletes a refused one', async () => {
    const { create, last } = await tusUpload(admin, Buffer.from('not a video at all, only text'.repeat(50)), {
      movie_id: String(movieId),
      kind: 'trailer',
      filename: 'notes.txt',
    });
    expect(create.statusCode).toBe(201);
    expect(last?.statusCode).toBe(415);
    expect(JSON.parse(last!.body).error.code).toBe('unsupported_type');
    expect(listFiles(path.join(t.dataDir, 'tmp', 'tus'))).toEqual([]);
    expect(catalogFiles(t)).toEqual([]);
  });

  it('accepts MP4, MOV, MKV and WebM; a replacement removes the previous file and its job', async () => {
    for (const format of ['mov', 'mkv', 'webm'] as const) {
      const data = await makeClip(clips, `small-${format}`, { seconds: 1, width: 160, height: 90, format });
      const response = await admin.postForm('/api/movie/trailer', {
        movie_id: String(movieId),
        test: 'the spec sends an extra test string',
        file: { filename: `t.${format}`, contentType: 'application/octet-stream', data },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const first = await admin.postForm('/api/movie/add', { movie_id: String(movieId), file: video(clip) });
    expect(first.statusCode).toBe(200);
    const second = await admin.postForm('/api/movie/add', { movie_id: String(movieId), file: video(clip) });
    expect(second.json().video.asset_id).not.toBe(first.json().video.asset_id);
    const sources = listFiles(path.join(t.dataDir, 'media', 'sources'));
    expect(sources.filter((f) => f.includes('-video-'))).toHaveLength(1);
    expect(sources.filter((f) => f.includes('-trailer-') && f.endsWith('.webm'))).toHaveLength(1);
    expect(sources).toHaveLength(2);
    expect(await counts(t)).toEqual({ assets: 2, jobs: 2 });
    expect(listFiles(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('re-encodes banner and thumbnail images into responsive WebP sizes and refuses others', async () => {
    const banner = await admin.postForm('/api/movie/banner', {
      movie_id: String(movieId),
      file: { filename: 'b.png', contentType: 'image/png', data: await pngImage(1600, 900) },
    });
    expect(banner.statusCode).toBe(200);
    const image = banner.json().banner;
    expect(image).toMatchObject({ width: 1600, height: 900 });
    expect(image.srcset.split(', ')).toHaveLength(3);
    expect((await admin.get(image.url)).headers['content-type']).toBe('image/webp');
    // The spec's swapped labels are not copied: the thumbnail call sets the thumbnail.
    const thumb = await admin.postForm('/api/movie/thumbnail', {
      movie_id: String(movieId),
      file: { filename: 't.png', contentType: 'image/png', data: await pngImage(300, 450) },
    });
    expect(thumb.json()).toMatchObject({ thumbnail: { width: 300, height: 450 }, banner: { width: 1600 } });
    await expectRefused(
      () =>
        admin.postForm('/api/movie/banner', {
          movie_id: String(movieId),
          file: {
            filename: 'x.svg',
            contentType: 'image/svg+xml',
            data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
          },
        }),
      415,
    );
    await expectRefused(
      () =>
        admin.postForm('/api/movie/banner', {
          movie_id: String(movieId),
          file: { filename: 'big.png', contentType: 'image/png', data: Buffer.alloc(10 * 1024 * 1024 + 10) },
        }),
      413,
    );
    // Replacing removes the previous sizes.
    await admin.postForm('/api/movie/banner', {
      movie_id: String(movieId),
      file: { filename: 'b2.png', contentType: 'image/png', data: await pngImage(800, 450) },
    });
    expect(
      listFiles(path.join(t.dataDir, 'media', 'images', 'titles')).filter((f) => f.includes('banner')),
    ).toHaveLength(2);
  });

  it('deletes a title with every file it owns', async () => {
    const response = await admin.delete(`/api/movie/${movieId}`);
    expect(response.statusCode).toBe(204);
    expect(catalogFiles(t)).toEqual([]);
    expect(await counts(t)).toEqual({ assets: 0, jobs: 0 });
    expect((await admin.get(`/api/movie/${movieId}`)).statusCode).toBe(404);
  });
});
