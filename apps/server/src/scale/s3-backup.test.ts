import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { writeBackup } from '../platform/backup/create-backup.js';
import { BUCKET_LISTING_ENTRY } from '../platform/backup/manifest.js';
import { restoreBackup } from '../platform/backup/restore-backup.js';
import { S3MediaStorage } from '../platform/storage/s3-storage.js';
import { startTestS3, type TestS3 } from './s3-test-server.js';
import { dropSchemas, whileMigrating } from './test-schemas.js';

const databaseUrl = process.env.TEST_DATABASE_URL!;

describe('a backup with the media in object storage', () => {
  let s3: TestS3;
  let storage: S3MediaStorage;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-s3-backup-'));
  const source = `t_s3_backup_${Date.now().toString(36)}`;
  const target = `${source}_restored`;

  beforeAll(async () => {
    s3 = await startTestS3();
    storage = new S3MediaStorage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      cdnBaseUrl: undefined,
    });
  });
  afterAll(async () => {
    await s3.close();
    await dropSchemas(databaseUrl, source, target);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("lists the bucket's objects with their ETags (no bytes), and the restore says which are gone or changed", async () => {
    await storage.put('images/posters/a1.webp', Buffer.from('a poster'));
    await storage.put('hls/a1-x/480p/seg_00001.m4s', Buffer.from('a segment'));
    await storage.put('hls/a1-x/480p/seg_00002.m4s', Buffer.from('another segment'));
    const database = await openDatabase({ databaseUrl, pgSchema: source, dataDir });
    const archive = path.join(dataDir, 'bucket.tar');
    try {
      await whileMigrating(databaseUrl, () =>
        migrateToLatest(database.db as unknown as Kysely<unknown>, source),
      );
      const { manifest } = await writeBackup(
        {
          database,
          databaseUrl,
          pgSchema: source,
          pgBinDir: undefined,
          dataDir,
          mediaDir: path.join(dataDir, 'media'),
          storage,
          bucket: s3.bucket,
        },
        archive,
        { now: new Date(), backupId: null },
      );
      expect(manifest.storage).toEqual({ kind: 's3', bucket: s3.bucket });
      expect(manifest.files.map((file) => file.path)).toEqual([
        'database/salomtv.pgdump',
        BUCKET_LISTING_ENTRY,
      ]);
      // Three objects of a few bytes each: a listing, not the bytes.
      expect(manifest.files[1]!.size).toBeLessThan(600);
    } finally {
      await database.close();
    }

    await storage.remove('hls/a1-x/480p/seg_00002.m4s');
    await storage.put('images/posters/a1.webp', Buffer.from('another poster'));
    const report = await restoreBackup(
      {
        dataDir: path.join(dataDir, 'restored'),
        mediaDir: path.join(dataDir, 'restored/media'),
        databaseUrl,
        databaseSchema: target,
        pgBinDir: undefined,
        storage,
      },
      archive,
      { force: false, log: () => {} },
    ).catch((error: Error) => error);
    // The archive's schema is still in use here: restored under another name only once it is gone.
    expect(String(report)).toContain(
      `The archive's schema ${source} is in this database with tables of its own`,
    );
    await dropSchemas(databaseUrl, source);
    const restored = await restoreBackup(
      {
        dataDir: path.join(dataDir, 'restored'),
        mediaDir: path.join(dataDir, 'restored/media'),
        databaseUrl,
        databaseSchema: target,
        pgBinDir: undefined,
        storage,
      },
      archive,
      { force: false, log: () => {} },
    );
    expect(restored.bucket).toEqual({ missing: 1, changed: 1 });
    expect(restored.mediaFiles).toBe(0);
  });
});
