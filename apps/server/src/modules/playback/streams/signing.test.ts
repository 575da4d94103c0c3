import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { toWebVtt } from '../../media/subtitles.js';
import { MediaFileCache, parseRange, sendMediaFile } from './send-file.js';
import { NO_PLAYBACK, StreamSigner } from './url-signer.js';

describe('stream address signing', () => {
  const signer = new StreamSigner('a-test-secret-that-is-long-enough-1234');
  const grant = {
    assetId: 12,
    rendition: '720',
    userId: 5,
    playbackId: 'pb_Abc-123456789',
    expires: 2_000_000_000,
    cast: false,
  };

  it('verifies its own tokens until they expire', () => {
    const token = signer.sign(grant);
    expect(token).toMatch(/^12\.720\.5\.pb_Abc-123456789\.2000000000\.[A-Za-z0-9_-]{32}$/);
    expect(signer.verify(token, 1_999_999_999)).toEqual(grant);
    expect(signer.verify(token, 2_000_000_000)).toBeUndefined();
    const trailer = { ...grant, userId: 0, playbackId: NO_PLAYBACK };
    expect(signer.verify(signer.sign(trailer), 0)).toEqual(trailer);
    const cast = { ...grant, rendition: 'm', cast: true };
    expect(signer.sign(cast)).toMatch(/^c\.12\.m\.5\.pb_Abc-123456789\.2000000000\.[A-Za-z0-9_-]{32}$/);
    expect(signer.verify(signer.sign(cast), 0)).toEqual(cast);
  });

  it('refuses any changed part (the playback session too), another secret, and junk', () => {
    const token = signer.sign(grant);
    const mac = token.split('.')[5];
    for (const forged of [
      `12.1080.5.pb_Abc-123456789.2000000000.${mac}`,
      `12.720.6.pb_Abc-123456789.2000000000.${mac}`,
      `12.720.5.pb_Abc-123456789.2100000000.${mac}`,
      `13.720.5.pb_Abc-123456789.2000000000.${mac}`,
      `12.720.5.pb_Abc-123456780.2000000000.${mac}`,
      `12.720.5.0.2000000000.${mac}`,
      `12.720.5.2000000000.${mac}`,
      // A cast mark, which lets an address play without cookies, is signed too.
      `c.12.720.5.pb_Abc-123456789.2000000000.${mac}`,
    ]) {
      expect(signer.verify(forged, 0), forged).toBeUndefined();
    }
    expect(new StreamSigner('another-secret-that-is-long-enough-99').verify(token, 0)).toBeUndefined();
    expect(signer.verify('../../etc/passwd', 0)).toBeUndefined();
    expect(signer.verify('', 0)).toBeUndefined();
  });
});

describe('byte ranges', () => {
  it('reads single ranges and refuses unsatisfiable ones', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
  });
});

describe('X-Accel-Redirect mode', () => {
  it('authorises in the app and hands the bytes to nginx', async () => {
    const app = Fastify();
    app.get('/seg', (request, reply) =>
      sendMediaFile(
        request,
        reply,
        {
          path: '/nowhere',
          relativeKey: 'hls/a1-x/720p/seg_00000.m4s',
          contentType: 'video/mp4',
          cacheControl: 'private',
        },
        { accelPrefix: '/protected-media/' },
      ),
    );
    const response = await app.inject({ method: 'GET', url: '/seg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-accel-redirect']).toBe('/protected-media/hls/a1-x/720p/seg_00000.m4s');
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.body).toBe('');
    await app.close();
  });
});

describe('media files from memory (MEDIA_MEMORY_CACHE_MB)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-memory-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function serverWith(memory: MediaFileCache) {
    const app = Fastify();
    app.get('/f/:name', (request, reply) =>
      sendMediaFile(
        request,
        reply,
        {
          path: path.join(dir, (request.params as { name: string }).name),
          relativeKey: 'x',
          contentType: 'video/mp4',
          cacheControl: 'private',
        },
        { accelPrefix: undefined, memory },
      ),
    );
    return app;
  }

  it('answers whole files and ranges from memory, and reads a replaced file again', async () => {
    const first = Buffer.alloc(3000, 1);
    first.write('start', 0);
    fs.writeFileSync(path.join(dir, 'a.m4s'), first);
    // A short recheck interval: the file is replaced by hand below, after the interval.
    const memory = new MediaFileCache(1024 * 1024, 200);
    const app = await serverWith(memory);
    const whole = await app.inject({ url: '/f/a.m4s' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(first)).toBe(true);
    expect(memory.size).toBe(3000);
    const range = await app.inject({ url: '/f/a.m4s', headers: { range: 'bytes=0-4' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe('bytes 0-4/3000');
    expect(range.body).toBe('start');

    const second = Buffer.alloc(4000, 2);
    fs.writeFileSync(path.join(dir, 'a.m4s'), second);
    fs.utimesSync(path.join(dir, 'a.m4s'), new Date(), new Date(Date.now() + 5000));
    // Within the interval the kept bytes answer without a stat; after it, the file is checked and read again.
    const kept = await app.inject({ url: '/f/a.m4s', headers: { range: 'bytes=0-4' } });
    expect(kept.headers['content-range']).toBe('bytes 0-4/3000');
    await new Promise((resolve) => setTimeout(resolve, 250));
    const replaced = await app.inject({ url: '/f/a.m4s' });
    expect(replaced.rawPayload.equals(second)).toBe(true);
    expect(memory.size).toBe(4000);
    // A deleted file is noticed at the next check too.
    fs.rmSync(path.join(dir, 'a.m4s'));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await app.inject({ url: '/f/a.m4s' })).statusCode).toBe(404);
    await app.close();
  });

  it('stays within its budget, dropping the least recently used file', async () => {
    for (const name of ['b', 'c', 'd'])
      fs.writeFileSync(path.join(dir, `${name}.m4s`), Buffer.alloc(400, name));
    const memory = new MediaFileCache(1000);
    const app = await serverWith(memory);
    for (const name of ['b', 'c', 'b', 'd']) {
      const response = await app.inject({ url: `/f/${name}.m4s` });
      expect(response.body).toBe(name.repeat(400));
    }
    expect(memory.size).toBe(800);
    const none = new MediaFileCache(0);
    const plain = await serverWith(none);
    expect((await plain.inject({ url: '/f/b.m4s' })).body).toBe('b'.repeat(400));
    expect(none.size).toBe(0);
    await Promise.all([app.close(), plain.close()]);
  });
});

describe('subtitle files', () => {
  it('converts SubRip to WebVTT', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nHello <font color="red">there</font>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\n<i>Bye</i>\r\n';
    expect(toWebVtt(Buffer.from(srt))).toBe(
      'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello there\n\n2\n00:00:03.000 --> 00:00:04.000\n<i>Bye</i>\n',
    );
  });

  it('keeps WebVTT cues and drops its notes and styles', () => {
    const vtt =
      'WEBVTT - title\n\nNOTE hello\n\nSTYLE\n::cue { color: red }\n\n00:01.000 --> 00:02.000 line:90%\nHi\n';
    expect(toWebVtt(Buffer.from(vtt))).toBe('WEBVTT\n\n00:01.000 --> 00:02.000 line:90%\nHi\n');
  });

  it('refuses binary, non-UTF-8 and cue-less files with 415', () => {
    for (const data of [
      Buffer.from([0x89, 0x50, 0x00, 0x47]),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('hello\n\nworld'),
    ]) {
      expect(() => toWebVtt(data)).toThrow(expect.objectContaining({ statusCode: 415 }));
    }
  });
});
