import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { MIGRATION_NAMES, migrateTo } from '../../db/migrate.js';
import { randomToken } from '../../lib/tokens.js';
import { dropSchemas, whileMigrating } from '../../scale/test-schemas.js';
import { repackArchive } from '../../test/backup-archives.js';
import { listFiles } from '../../test/harness.js';
import { LocalDiskStorage } from '../storage/storage.js';
import { writeBackup } from './create-backup.js';
import { restoreBackup } from './restore-backup.js';

const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
const OLDER = '0023-phone-verified';

/** A data folder and (PostgreSQL) schema of its own. */
function place() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-archive-'));
  const schema = databaseUrl
    ? `t_${randomToken(8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}`
    : undefined;
  return { dataDir, mediaDir: path.join(dataDir, 'media'), schema };
}

describe('archives across builds', () => {
  const places: ReturnType<typeof place>[] = [];
  const made = () => {
    const one = place();
    places.push(one);
    return one;
  };
  const targetOf = (at: ReturnType<typeof place>) => ({
    dataDir: at.dataDir,
    mediaDir: at.mediaDir,
    databaseUrl,
    databaseSchema: at.schema,
    pgBinDir: undefined,
    storage: new LocalDiskStorage(at.mediaDir),
  });
  afterAll(async () => {
    const schemas = places.flatMap((at) => (at.schema ? [at.schema] : []));
    if (databaseUrl && schemas.length) await dropSchemas(databaseUrl, ...schemas);
    for (const at of places) fs.rmSync(at.dataDir, { recursive: true, force: true });
  });

  /** An archive of a database an older build left (migrated up to OLDER), with one media file. */
  async function olderArchive(): Promise<string> {
    const source = made();
    const database = await openDatabase({ databaseUrl, pgSchema: source.schema, dataDir: source.dataDir });
    try {
      await whileMigrating(databaseUrl, () =>
        migrateTo(database.db as unknown as Kysely<unknown>, OLDER, source.schema),
      );
      fs.mkdirSync(path.join(source.mediaDir, 'images'), { recursive: true });
      fs.writeFileSync(path.join(source.mediaDir, 'images/poster.webp'), 'a poster');
      const archive = path.join(source.dataDir, 'older.tar');
      const { manifest } = await writeBackup(
        {
          database,
          databaseUrl,
          pgSchema: source.schema ?? 'public',
          pgBinDir: undefined,
          dataDir: source.dataDir,
          mediaDir: source.mediaDir,
          storage: new LocalDiskStorage(source.mediaDir),
          bucket: null,
        },
        archive,
        { now: new Date(), backupId: null },
      );
      expect(manifest.migrations.at(-1)).toBe(OLDER);
      return archive;
    } finally {
      await database.close();
      // Gone, as with a lost disk: PostgreSQL restores the archive's schema under the target's name.
      if (databaseUrl && source.schema) await dropSchemas(databaseUrl, source.schema);
    }
  }

  it('brings an archive of an older schema up to this build with the normal migrations', async () => {
    const archive = await olderArchive();
    const into = made();
    const report = await restoreBackup(targetOf(into), archive, { force: false, log: () => {} });
    expect(report.migrated).toEqual(MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(OLDER) + 1));
    expect(report.migrated).toContain('0025-backups');
    const database = await openDatabase({ databaseUrl, pgSchema: into.schema, dataDir: into.dataDir });
    try {
      const names = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        database.db,
      );
      expect(names.rows.map((row) => row.name)).toEqual([...MIGRATION_NAMES]);
      // A table of a later migration is there, empty.
      expect(await database.db.selectFrom('backups').selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
    }
    expect(fs.readFileSync(path.join(into.mediaDir, 'images/poster.webp'), 'utf8')).toBe('a poster');
  });

  it('refuses an archive whose manifest would write outside the data folder', async () => {
    const archive = await olderArchive();
    const crafted = path.join(path.dirname(archive), 'crafted.tar');
    await repackArchive(archive, crafted, (manifest) => ({
      ...manifest,
      files: manifest.files.map((file) =>
        file.path.startsWith('media/') ? { ...file, path: 'media/../../escaped.webp' } : file,
      ),
    }));
    const into = made();
    await expect(restoreBackup(targetOf(into), crafted, { force: false, log: () => {} })).rejects.toThrow(
      /^The archive is damaged: its manifest is not one this build reads \(files\.\d+\.path: an entry path outside the archive layout\)\. Nothing was changed\.$/,
    );
    expect(listFiles(into.dataDir)).toEqual([]);
    expect(fs.existsSync(path.join(into.mediaDir, '../../escaped.webp'))).toBe(false);
  });
});
