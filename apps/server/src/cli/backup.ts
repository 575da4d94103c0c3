import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { writeBackup } from '../platform/backup/create-backup.js';
import { createMediaStorage } from '../platform/storage/storage-driver.js';

/**
 * `npm run backup -- <archive file>`: one archive of the service's database and media, with the service's
 * settings (DATA_DIR, DATABASE_URL, STORAGE), while it keeps serving.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    process.stderr.write(
      'Usage: npm run backup -- <archive file, such as /backups/salomtv-2026-06-01.tar>\n',
    );
    process.exit(2);
  }
  const archive = path.resolve(args[0]!);
  const config = loadConfig();
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'salomtv.sqlite')))
    throw new Error(`No database in ${config.dataDir} (DATA_DIR): nothing to back up`);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgSchema: config.databaseSchema,
    dataDir: config.dataDir,
  });
  try {
    const storage = await createMediaStorage(config);
    const { size, manifest } = await writeBackup(
      {
        database,
        databaseUrl: config.databaseUrl,
        pgSchema: config.databaseSchema ?? 'public',
        pgBinDir: config.backup.pgBinDir,
        dataDir: config.dataDir,
        mediaDir: config.mediaDir,
        storage,
        bucket: config.media.s3?.bucket ?? null,
      },
      archive,
      { now: new Date(), backupId: null },
    );
    const media = manifest.files.filter((file) => file.path.startsWith('media/')).length;
    process.stdout.write(
      `Backup written: ${archive} (${size} bytes; ${manifest.database.kind} database at ${manifest.migrations.at(-1) ?? 'no migrations'}; ${
        manifest.storage.kind === 's3' ? `bucket ${manifest.storage.bucket} listed` : `${media} media files`
      })\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
