import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3MediaStorage, type S3Settings } from '../platform/storage/s3-storage.js';
import { startTestS3, type TestS3 } from './s3-test-server.js';

describe('S3 media storage (against s3rver)', () => {
  let s3: TestS3;
  let storage: S3MediaStorage;
  let settings: S3Settings;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-s3-unit-'));

  beforeAll(async () => {
    s3 = await startTestS3();
    settings = {
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      cdnBaseUrl: undefined,
    };
    storage = new S3MediaStorage(settings);
  });
  afterAll(async () => {
    await s3.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('puts an object, tells its size and reads it back as text', async () => {
    await storage.put('images/posters/a1-200.webp', Buffer.from('not really a webp'));
    expect(await storage.exists('images/posters/a1-200.webp')).toBe(true);
    expect(await storage.sizeOf('images/posters/a1-200.webp')).toBe(17);
    expect(await storage.readText('images/posters/a1-200.webp')).toBe('not really a webp');
    expect(await storage.readText('images/posters/missing.webp')).toBeUndefined();
    expect(await storage.exists('images/posters/missing.webp')).toBe(false);
  });

  it('answers the object and a byte range of it through a short-lived presigned address', async () => {
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
    await storage.put('hls/a2-x/720p/seg_00001.m4s', bytes);
    const url = await storage.signedUrl('hls/a2-x/720p/seg_00001.m4s', 60);
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/hls/a2-x/720p/seg_00001.m4s?`)).toBe(true);
    expect(url).toContain('X-Amz-Signature=');
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');

    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('moves a finished folder in (playlists and segments), downloads a local copy, and removes the tree', async () => {
    const folder = path.join(tmp, 'ladder');
    fs.mkdirSync(path.join(folder, '480p'), { recursive: true });
    fs.writeFileSync(path.join(folder, '480p', 'index.m3u8'), '#EXTM3U\nseg_00000.m4s\n');
    fs.writeFileSync(path.join(folder, '480p', 'init.mp4'), Buffer.alloc(300, 1));
    fs.writeFileSync(path.join(folder, '480p', 'seg_00000.m4s'), Buffer.alloc(9000, 2));
    await storage.moveIn('hls/a3-y', folder);
    expect(fs.existsSync(folder)).toBe(false);
    expect(await storage.readText('hls/a3-y/480p/index.m3u8')).toBe('#EXTM3U\nseg_00000.m4s\n');

    const copy = await storage.localFile('hls/a3-y/480p/seg_00000.m4s', tmp);
    expect(fs.readFileSync(copy.path).equals(Buffer.alloc(9000, 2))).toBe(true);
    await copy.release();
    expect(fs.existsSync(copy.path)).toBe(false);

    await storage.removeTree('hls/a3-y');
    for (const file of ['index.m3u8', 'init.mp4', 'seg_00000.m4s'])
      expect(await storage.exists(`hls/a3-y/480p/${file}`)).toBe(false);
  });

  it('deletes an object, and a missing source fails its download without leaving a file', async () => {
    await storage.put('avatars/u1-abc.webp', Buffer.from('x'));
    await storage.remove('avatars/u1-abc.webp');
    expect(await storage.exists('avatars/u1-abc.webp')).toBe(false);
    const before = fs.readdirSync(tmp).length;
    await expect(storage.localFile('sources/m1-video-gone.mp4', tmp)).rejects.toThrow();
    expect(fs.readdirSync(tmp).length).toBe(before);
  });

  it('refuses keys that could climb out of their prefix', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/Invalid media key/);
    await expect(storage.signedUrl('hls/../sources/x.mp4', 60)).rejects.toThrow(/Invalid media key/);
  });

  it('serves public images through the redirect address, or the CDN when one is set', async () => {
    expect(storage.publicUrl('flags/1-en.webp')).toBe('/api/media/flags/1-en.webp');
    expect(storage.origins).toEqual([s3.endpoint]);
    const cdn = new S3MediaStorage({ ...settings, cdnBaseUrl: 'https://cdn.example.test' });
    expect(cdn.publicUrl('flags/1-en.webp')).toBe('https://cdn.example.test/flags/1-en.webp');
    const signed = new URL(await cdn.signedUrl('hls/a2-x/720p/seg_00001.m4s', 60));
    expect(signed.origin).toBe('https://cdn.example.test');
    expect(signed.pathname).toBe(`/${s3.bucket}/hls/a2-x/720p/seg_00001.m4s`);
    expect(signed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(cdn.origins).toEqual([s3.endpoint, 'https://cdn.example.test']);
  });
});
