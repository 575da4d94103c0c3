import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import type { MediaStorage } from '../storage/storage.js';
import { pgDump, pgMigrations, sqliteMigrations } from './database-tools.js';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  type ArchiveFile,
  BackupError,
  BUCKET_LISTING_ENTRY,
  buildVersion,
  DATA_FILES,
  DATABASE_ENTRY,
  isSafeEntryPath,
  type Manifest,
} from './manifest.js';
import { hashFile, writeArchive } from './tar-archive.js';

/** What a backup reads: the service's open database, its data folder, and where its media lives. */
export interface BackupSource {
  database: DatabaseHandle;
  /** PostgreSQL: the service's DATABASE_URL and schema (`public` unless DATABASE_SCHEMA). */
  databaseUrl: string | undefined;
  pgSchema: string;
  pgBinDir: string | undefined;
  dataDir: string;
  mediaDir: string;
  storage: MediaStorage;
  /** The bucket's name when the media is in object storage. */
  bucket: string | null;
}

export interface BackupResult {
  size: number;
  manifest: Manifest;
}

/**
 * Writes one archive of the service while it keeps serving: the database (SQLite's online backup, or pg_dump's
 * consistent snapshot), the media files (local storage) or the bucket's listing (object storage), and a manifest
 * with each entry's size and SHA-256, the schema's migrations and the build. Work files go in a folder beside
 * `archive` and are removed at the end.
 */
export async function writeBackup(
  source: BackupSource,
  archive: string,
  options: { now: Date; backupId: number | null },
): Promise<BackupResult> {
  const target = path.resolve(archive);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const work = await fs.promises.mkdtemp(path.join(path.dirname(target), '.salomtv-backup-'));
  try {
    const onDisk = new Map<string, string>();
    const files: ArchiveFile[] = [];
    const add = async (entry: string, file: string) => {
      if (!isSafeEntryPath(entry))
        throw new BackupError(`${entry} cannot be stored: its name is not one of a media file`);
      const hashed = await hashFile(file);
      // Removed since it was listed (a title deleted meanwhile): the database snapshot came first.
      if (!hashed) return;
      files.push({ path: entry, ...hashed });
      onDisk.set(entry, file);
    };

    const kind = source.database.dialect;
    let migrations: string[];
    if (kind === 'sqlite') {
      const file = path.join(work, 'salomtv.sqlite');
      if (!source.database.onlineBackup) throw new BackupError('This database cannot be backed up online');
      await source.database.onlineBackup(file);
      migrations = sqliteMigrations(file);
      await add(DATABASE_ENTRY.sqlite, file);
    } else {
      if (!source.databaseUrl) throw new BackupError('PostgreSQL backups need DATABASE_URL');
      migrations = await pgMigrations(source.database.db as unknown as Kysely<unknown>, source.pgSchema);
      const file = path.join(work, 'salomtv.pgdump');
      await pgDump(
        { databaseUrl: source.databaseUrl, schema: source.pgSchema, binDir: source.pgBinDir },
        file,
      );
      await add(DATABASE_ENTRY.postgres, file);
    }

    if (source.storage.kind === 's3') {
      if (!source.storage.listObjects) throw new BackupError('This storage cannot list its objects');
      const file = path.join(work, 'objects.jsonl');
      const out = fs.createWriteStream(file);
      for await (const object of source.storage.listObjects()) {
        if (!out.write(`${JSON.stringify(object)}\n`)) await once(out, 'drain');
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      await add(BUCKET_LISTING_ENTRY, file);
    } else {
      for (const relative of await mediaFiles(source.mediaDir))
        await add(`media/${relative}`, path.join(source.mediaDir, relative));
    }
    for (const name of DATA_FILES) {
      const file = path.join(source.dataDir, name);
      if (fs.existsSync(file)) await add(`data/${name}`, file);
    }

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      created_at: options.now.toISOString(),
      build: buildVersion(),
      database: { kind, schema: kind === 'postgres' ? source.pgSchema : null },
      migrations,
      storage: { kind: source.storage.kind, bucket: source.bucket },
      backup_id: options.backupId,
      files,
    };
    const size = await writeArchive(target, manifest, (file) => onDisk.get(file.path)!);
    return { size, manifest };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/**
 * The media folder's files (relative, `/`-separated, sorted). A `.partial` file is one being written (storage
 * renames it into place when whole): not yet media.
 */
export async function mediaFiles(mediaDir: string): Promise<string[]> {
  if (!fs.existsSync(mediaDir)) return [];
  const entries = await fs.promises.readdir(mediaDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
    .map((entry) =>
      path.relative(mediaDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}
