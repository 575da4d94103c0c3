import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { S3MediaStorage } from './s3-storage.js';
import { LocalDiskStorage } from './storage.js';
import { createMediaStorage } from './storage-driver.js';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/salomtv-config-test' };
const pg = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' };

describe('scale-out settings', () => {
  it('runs the queue on pg-boss by default with PostgreSQL, as rows with SQLite, and refuses pg-boss without PostgreSQL', () => {
    expect(loadConfig(base).media.jobQueue).toBe('db');
    expect(loadConfig({ ...base, ...pg }).media.jobQueue).toBe('pgboss');
    expect(loadConfig({ ...base, ...pg, JOB_QUEUE: 'db' }).media.jobQueue).toBe('db');
    expect(() => loadConfig({ ...base, JOB_QUEUE: 'pgboss' })).toThrow(
      /JOB_QUEUE: pgboss needs DATABASE_URL/,
    );
  });

  it('keeps media on the local disk by default and in a bucket with STORAGE=s3', async () => {
    expect(await createMediaStorage(loadConfig(base))).toBeInstanceOf(LocalDiskStorage);
    expect(() => loadConfig({ ...base, STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    const config = loadConfig({
      ...base,
      STORAGE: 's3',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_SECRET_ACCESS_KEY: 'secret-key',
      MEDIA_CDN_URL: 'https://cdn.example.com/',
    });
    expect(config.media.s3).toMatchObject({
      bucket: 'media',
      forcePathStyle: true,
      cdnBaseUrl: 'https://cdn.example.com',
    });
    const storage = await createMediaStorage(config);
    expect(storage).toBeInstanceOf(S3MediaStorage);
    expect(storage.origins).toEqual(['http://127.0.0.1:9000', 'https://cdn.example.com']);
    // A bad value names the variable and never echoes a secret.
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...base, REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
  });

  it('has a local driver that reads text and hands out the stored file itself', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-local-storage-'));
    const storage = new LocalDiskStorage(root);
    await storage.put('images/posters/x-1.webp', Buffer.from('abc'));
    expect(await storage.readText('images/posters/x-1.webp')).toBe('abc');
    expect(await storage.readText('images/posters/missing.webp')).toBeUndefined();
    const file = await storage.localFile('images/posters/x-1.webp');
    expect(file.path).toBe(storage.pathFor('images/posters/x-1.webp'));
    await file.release();
    expect(await storage.exists('images/posters/x-1.webp')).toBe(true);
    expect(await storage.signedUrl()).toBeUndefined();
    await storage.remove('images/posters/x-1.webp');
    expect(await storage.exists('images/posters/x-1.webp')).toBe(false);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
