import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listFiles, signedInAdmin, type TestApp, type TestClient } from '../harness.js';
import { startPlayback } from '../media-kit.js';

const SECRET = 'TOP-SECRET-MARKER-7f3a';

/**
 * Every address that reads a file from disk: the media folders, the web build and the signed stream files.
 * Hostile names must answer 400 or 404 and never hand out anything outside their folder.
 */
describe('path traversal on every path that reaches the disk', () => {
  let t: TestApp;
  let admin: TestClient;
  let webRoot: string;
  let port: number;
  let mediaDir: string;
  let streamToken: string;
  let movieId: number;
  /** The admin's playback session of that title (every feature stream address belongs to one). */
  let playback: string;

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-web-'));
    const webDist = path.join(webRoot, 'dist');
    fs.mkdirSync(path.join(webDist, 'static/js'), { recursive: true });
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(webDist, 'static/js/app-1.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webDist, 'static/js/app-1.js.br'), 'brotli bytes');
    // Secrets beside the web build and in siblings named like its folders.
    // With compressed twins: /static/ sends `name.br` or `name.gz` to a browser that accepts them.
    const secrets = (dir: string) => {
      for (const name of ['secret.txt', 'secret.txt.br', 'secret.txt.gz'])
        fs.writeFileSync(path.join(dir, name), SECRET);
    };
    secrets(webRoot);
    for (const dir of ['dist-old', 'dist/static-old']) {
      fs.mkdirSync(path.join(webRoot, dir), { recursive: true });
      secrets(path.join(webRoot, dir));
    }
    t = await createTestApp({ WEB_DIST: webDist });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    admin = await signedInAdmin(t.app);
    mediaDir = path.join(t.dataDir, 'media');
    // Secrets outside the media root, in a sibling folder named like it, and beside each public folder.
    fs.writeFileSync(path.join(t.dataDir, 'secret.txt'), SECRET);
    for (const dir of ['media-old', 'mediax', 'media/flags-old', 'media/images-old', 'media/hls-old']) {
      fs.mkdirSync(path.join(t.dataDir, dir), { recursive: true });
      fs.writeFileSync(path.join(t.dataDir, dir, 'secret.txt'), SECRET);
    }
    fs.writeFileSync(path.join(mediaDir, 'secret.txt'), SECRET);
    fs.writeFileSync(path.join(mediaDir, 'flags', 'ok.png'), 'a flag');

    // A ready video, written by hand, so the signed stream addresses can be attacked with a valid token.
    movieId = await readyVideoByHand(
      '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:6\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6.0,\nseg_00000.m4s\n#EXT-X-ENDLIST\n',
    );
    playback = await startPlayback(admin, movieId);
    const master = await admin.get(`/api/stream/${movieId}/master.m3u8?playback=${playback}`);
    expect(master.statusCode, master.body).toBe(200);
    streamToken = /\/api\/stream\/s\/([^/]+)\/index\.m3u8/.exec(master.body)![1]!;
    expect((await admin.get(`/api/stream/s/${streamToken}/seg_00000.m4s`)).body).toBe('segment');
  });

  /** A ready video whose 180p ladder is written by hand with this playlist, an init and one segment. */
  async function readyVideoByHand(playlist: string): Promise<number> {
    const { movie_id } = (await admin.post('/api/movie/create')).json();
    const ladder = path.join(mediaDir, 'hls', `m${movie_id}-x`, '180p');
    fs.mkdirSync(ladder, { recursive: true });
    fs.writeFileSync(path.join(ladder, 'index.m3u8'), playlist);
    fs.writeFileSync(path.join(ladder, 'init.mp4'), 'init');
    fs.writeFileSync(path.join(ladder, 'seg_00000.m4s'), 'segment');
    const now = t.clock.now().toISOString();
    const db = t.app.container.database.db;
    const asset = await db
      .insertInto('media_assets')
      .values({
        movie_id,
        episode_id: null,
        kind: 'video',
        status: 'ready',
        source_key: null,
        generator: null,
        original_name: null,
        size_bytes: 1,
        duration_seconds: 6,
        width: 320,
        height: 180,
        hls_key: `hls/m${movie_id}-x`,
        renditions: JSON.stringify([
          {
            height: 180,
            width: 320,
            bandwidth: 1000,
            average_bandwidth: 900,
            codecs: 'avc1.42c00d',
            frame_rate: 25,
          },
        ]),
        poster: null,
        sprite_key: null,
        sprite_vtt_key: null,
        progress: 100,
        error: null,
        created_at: now,
        updated_at: now,
      })
      .returning('asset_id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('titles')
      .set({ video_asset_id: asset.asset_id })
      .where('movie_id', '=', movie_id)
      .execute();
    return movie_id;
  }
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const hostile = [
    '../secret.txt',
    '../../secret.txt',
    '../../../secret.txt',
    '..%2Fsecret.txt',
    '..%2F..%2Fsecret.txt',
    '..%2F..%2F..%2Fsecret.txt',
    '%2e%2e%2fsecret.txt',
    '%2E%2E%2F%2E%2E%2Fsecret.txt',
    '..%5Csecret.txt',
    '..%5C..%5Csecret.txt',
    '..\\secret.txt',
    '....//secret.txt',
    '..%252Fsecret.txt',
    '%2Fetc%2Fpasswd',
    '/etc/passwd',
    '//etc/passwd',
    '%2F%2Fetc%2Fpasswd',
    '..%2F..%2Fsalomtv.sqlite',
    '../../salomtv.sqlite',
    '../flags-old/secret.txt',
    '..%2Fflags-old%2Fsecret.txt',
    '../../media-old/secret.txt',
    '..%2F..%2Fmediax%2Fsecret.txt',
    '../hls-old/secret.txt',
    '../static-old/secret.txt',
    '../../dist-old/secret.txt',
    '..%2F..%2Fdist-old%2Fsecret.txt',
    'ok.png/',
    'ok.png%00.txt',
    '',
    'sub/',
  ];

  /** A raw request: the path goes out exactly as written, no client-side clean-up of `..`. */
  function raw(
    url: string,
    cookie = '',
    options: { method?: string; headers?: Record<string, string> } = {},
  ): Promise<{ statusCode: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method: options.method,
          headers: { ...options.headers, cookie },
        },
        (response) => {
          let body = '';
          response.setEncoding('latin1');
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
  }

  /** `tokenRefused`: a stream address whose token (not file) was cut off answers 403 before any disk read. */
  function expectNothingLeaked(
    response: { statusCode: number; body: string },
    label: string,
    tokenRefused = false,
  ) {
    if (tokenRefused && response.statusCode === 403) {
      expect(JSON.parse(response.body).error.message, label).toBe('This address is not valid or has expired');
    } else {
      expect([400, 404], `${label}: ${response.statusCode}`).toContain(response.statusCode);
    }
    expect(response.body, label).not.toContain(SECRET);
    expect(response.body, label).not.toContain('root:x:0:0');
    expect(response.body, label).not.toContain('SQLite format');
  }

  it('serves a real flag, so the refusals below are about the names', async () => {
    const response = await t.app.inject({ url: '/media/flags/ok.png' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('a flag');
  });

  it('refuses hostile names under every media folder and the web build', async () => {
    // The compressed twin of a real file is served: the refusals with `br, gzip` below are about the names.
    const twin = await raw('/static/js/app-1.js', '', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(twin.body).toBe('brotli bytes');
    const prefixes = [
      '/media/flags/',
      '/media/avatars/',
      '/media/posts/',
      '/media/images/',
      '/media/',
      '/static/',
      '/static/js/',
    ];
    for (const prefix of prefixes) {
      for (const name of hostile) {
        const url = `${prefix}${name}`;
        expectNothingLeaked(await raw(url), url);
        expectNothingLeaked(await t.app.inject({ url }), `${url} (normalised)`);
        const compressed = { headers: { 'accept-encoding': 'br, gzip' } };
        expectNothingLeaked(await raw(url, '', compressed), `${url} (br, gzip)`);
      }
    }
    // The single-page app answers page addresses with index.html, never a file from beside it.
    for (const name of hostile) {
      const response = await raw(`/${name}`);
      expect(response.body, `/${name}`).not.toContain(SECRET);
      expect(response.body, `/${name}`).not.toContain('root:x:0:0');
    }
  });

  const cookie = () => [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  it('refuses hostile file names behind a valid stream token', async () => {
    for (const name of hostile) {
      const url = `/api/stream/s/${streamToken}/${name}`;
      expectNothingLeaked(await raw(url, cookie()), url);
      // Normalised, `..` eats the token itself.
      expectNothingLeaked(await admin.get(url), `${url} (normalised)`, true);
    }
    // ...and a token that is itself a path.
    for (const token of ['..', '..%2F..', '%2e%2e', `${streamToken}%2F..`]) {
      expectNothingLeaked(await raw(`/api/stream/s/${token}/seg_00000.m4s`, cookie()), token, true);
    }
  });

  it("joins only the ladder's own files at start.mp4, whatever its playlist names", async () => {
    const media = await admin.get(`/api/stream/${movieId}/start.mp4?playback=${playback}`);
    expect(media.statusCode, media.body).toBe(200);
    expect(media.body).toBe('initsegment');
    for (const at of ['..%2Fsecret.txt', '-1', '%2Fetc%2Fpasswd']) {
      const url = `/api/stream/${movieId}/start.mp4?playback=${playback}&at=${at}`;
      expectNothingLeaked(await raw(url, cookie()), at);
    }
    // A playlist on disk that names files outside its folder (hand-edited, damaged) reads nothing.
    for (const [init, segment] of [
      ['../../../secret.txt', 'seg_00000.m4s'],
      ['init.mp4', '../../secret.txt'],
      ['init.mp4', '/etc/passwd'],
    ]) {
      const hostileMovie = await readyVideoByHand(
        `#EXTM3U\n#EXT-X-MAP:URI="${init}"\n#EXTINF:6.0,\n${segment}\n#EXT-X-ENDLIST\n`,
      );
      const hostilePlayback = await startPlayback(admin, hostileMovie);
      const url = `/api/stream/${hostileMovie}/start.mp4?playback=${hostilePlayback}`;
      expectNothingLeaked(await raw(url, cookie()), `${init} ${segment}`);
      expect((await admin.post(`/api/playback/${hostilePlayback}/stop`)).statusCode).toBe(204);
    }
  });

  it('refuses hostile upload ids on the resumable upload address: nothing read, written or deleted', async () => {
    const tmp = path.join(t.dataDir, 'tmp');
    fs.mkdirSync(path.join(tmp, 'tus'), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'secret.txt'), SECRET);
    fs.writeFileSync(path.join(tmp, 'tus', 'secret.txt'), SECRET);
    const files = () => listFiles(t.dataDir).sort();
    const before = files();
    const tus = { 'tus-resumable': '1.0.0', 'x-xsrf-token': admin.cookies.get('XSRF-TOKEN')! };
    const names = [...hostile, '..', '%2e%2e', '.', '...', 'tus', 'secret.txt', `${'a'.repeat(32)}/`];
    for (const name of names) {
      for (const method of ['HEAD', 'PATCH', 'DELETE', 'POST', 'OPTIONS']) {
        const headers =
          method === 'PATCH'
            ? { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }
            : method === 'POST'
              ? { ...tus, 'upload-length': '4' }
              : tus;
        if (name === '' && method === 'OPTIONS') continue; // tus's capabilities, at the creation address
        const label = `${method} /api/uploads/${name}`;
        expectNothingLeaked(await raw(`/api/uploads/${name}`, cookie(), { method, headers }), label);
      }
    }
    expect(files()).toEqual(before);
    // A real upload's address still answers: the refusals are about the names.
    const created = await admin.request('POST', '/api/uploads/', {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '4',
        'upload-metadata': `movie_id ${Buffer.from(String(movieId)).toString('base64')},kind dmlkZW8=`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    expect((await admin.request('HEAD', location, { headers: tus })).statusCode).toBe(200);
    expect((await admin.request('DELETE', location, { headers: tus })).statusCode).toBe(204);
    expect(files()).toEqual(before);
  });
});
