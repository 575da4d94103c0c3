import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { completeRestoredBackup } from '../modules/admin/module.js';
import { restoreBackup } from '../platform/backup/restore-backup.js';
import { createMediaStorage } from '../platform/storage/storage-driver.js';

/**
 * `npm run restore -- <archive file> [--force]`: fills an empty DATA_DIR (or PostgreSQL schema) from an archive,
 * with the settings the service will run with; the service is stopped meanwhile.
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const files = positionals.filter((arg) => arg !== '--');
  if (files.length !== 1) {
    process.stderr.write('Usage: npm run restore -- <archive file> [--force]\n');
    process.exit(2);
  }
  const archive = path.resolve(files[0]!);
  const config = loadConfig();
  const storage = await createMediaStorage(config);
  const report = await restoreBackup(
    {
      dataDir: config.dataDir,
      mediaDir: config.mediaDir,
      databaseUrl: config.databaseUrl,
      databaseSchema: config.databaseSchema,
      pgBinDir: config.backup.pgBinDir,
      storage,
    },
    archive,
    {
      force: values.force ?? false,
      log: (line) => process.stdout.write(`${line}\n`),
      afterRestore: (database, manifest, stat) => completeRestoredBackup(database, manifest, stat),
    },
  );
  const { manifest } = report;
  process.stdout.write(
    `Restored ${path.basename(archive)} of ${manifest.created_at} (${manifest.build}): ${manifest.database.kind} database${
      report.migrated.length ? `, migrated by ${report.migrated.length}` : ''
    }, ${report.mediaFiles} media files\n`,
  );
  if (report.bucket && report.bucket.missing + report.bucket.changed > 0)
    process.stdout.write(
      `Warning: of the bucket's objects at backup time, ${report.bucket.missing} are gone and ${report.bucket.changed} changed: restore them from the bucket's versions or replica\n`,
    );
}

main().catch((error) => {
  process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
