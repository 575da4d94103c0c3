import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { type DatabaseHandle, jobQueueSchema, openDatabase } from '../../db/database.js';
import { MIGRATION_NAMES, migrateToLatest } from '../../db/migrate.js';
import type { MediaStorage, StoredObject } from '../storage/storage.js';
import { mediaFiles } from './create-backup.js';
import { pgRestore, pgSchemaExists, pgTableCount } from './database-tools.js';
import {
  BackupError,
  BUCKET_LISTING_ENTRY,
  DATABASE_ENTRY,
  type Manifest,
  unknownMigrations,
} from './manifest.js';
import { type EntrySink, readArchive } from './tar-archive.js';

const SQLITE_FILE = 'salomtv.sqlite';

/** Where a restore goes: the settings of the service that will run on it. */
export interface RestoreTarget {
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: DATABASE_SCHEMA, or undefined for `public`. */
  databaseSchema: string | undefined;
  pgBinDir: string | undefined;
  storage: MediaStorage;
}

export interface RestoreOptions {
  /** Replace a database or media folder that is not empty. */
  force: boolean;
  log: (line: string) => void;
  /** Runs on the restored, migrated database before it is closed (the backups table's own row). */
  afterRestore?: (database: DatabaseHandle, manifest: Manifest, archive: fs.Stats) => Promise<void>;
}

export interface RestoreReport {
  manifest: Manifest;
  /** The migrations run after the restore (the archive's build was older). */
  migrated: string[];
  mediaFiles: number;
  /** Object storage: the archived objects no longer in the bucket, or there with another ETag. */
  bucket: { missing: number; changed: number } | null;
}

/**
 * Fills an empty DATA_DIR (SQLite) or database schema (PostgreSQL) and media folder from an archive. Every
 * checksum is verified before anything is touched; a damaged archive, one from a newer schema, another database
 * kind or storage, or a target that is not empty (without `force`) is refused with nothing changed. Then the
 * normal migrations bring an older archive's schema up to this build's.
 */
export async function restoreBackup(
  target: RestoreTarget,
  archive: string,
  options: RestoreOptions,
): Promise<RestoreReport> {
  const unchanged = (error: unknown): never => {
    if (error instanceof BackupError) throw new BackupError(`${error.message}. Nothing was changed.`);
    throw error;
  };
  options.log(`Checking ${archive}…`);
  const manifest = await readArchive(archive).catch(unchanged);
  try {
    checkCompatible(manifest, target);
  } catch (error) {
    unchanged(error);
  }
  const kind = manifest.database.kind;
  const schema = target.databaseSchema ?? 'public';
  const local = target.storage.kind === 'local';

  // What is there now: a database, media files.
  let admin: DatabaseHandle | undefined;
  let dropSchemas: string[] = [];
  try {
    if (kind === 'postgres') {
      admin = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
      const db = admin.db as unknown as Kysely<unknown>;
      dropSchemas = await checkPgTarget(db, manifest.database.schema!, schema, options.force);
      // pg-boss's jobs there point at rows of the database being replaced.
      const queue = jobQueueSchema(target.databaseSchema);
      if (await pgSchemaExists(db, queue)) dropSchemas.push(queue);
    } else if (fs.existsSync(path.join(target.dataDir, SQLITE_FILE)) && !options.force) {
      throw new BackupError(
        `${target.dataDir} already has a database. Restore into an empty DATA_DIR, or give --force to replace it`,
      );
    }
    const present = local ? (await mediaFiles(target.mediaDir)).length : 0;
    if (present > 0 && !options.force)
      throw new BackupError(
        `The media folder ${target.mediaDir} has ${present} files. Restore into an empty one, or give --force to replace them`,
      );
  } catch (error) {
    await admin?.close();
    unchanged(error);
  }

  options.log('The archive is whole; restoring…');
  const work = await fs.promises.mkdtemp(path.join(ensureDir(target.dataDir), '.salomtv-restore-'));
  let bucketListing: string | undefined;
  try {
    if (options.force) await clearTarget(target, kind);
    const dumpFile = path.join(work, 'salomtv.pgdump');
    await readArchive(archive, async (file) => {
      if (file.path === DATABASE_ENTRY.postgres) return fileSink(dumpFile);
      if (file.path === DATABASE_ENTRY.sqlite) return fileSink(path.join(target.dataDir, SQLITE_FILE));
      if (file.path === BUCKET_LISTING_ENTRY) {
        bucketListing = path.join(work, 'objects.jsonl');
        return fileSink(bucketListing);
      }
      if (file.path.startsWith('media/')) return fileSink(path.join(target.mediaDir, file.path.slice(6)));
      return fileSink(path.join(target.dataDir, file.path.slice('data/'.length)));
    });
    if (kind === 'postgres') {
      const db = admin!.db as unknown as Kysely<unknown>;
      const source = manifest.database.schema!;
      for (const name of dropSchemas) await sql`drop schema ${sql.id(name)} cascade`.execute(db);
      await pgRestore({ databaseUrl: target.databaseUrl!, binDir: target.pgBinDir }, dumpFile);
      if (source !== schema) {
        await sql`alter schema ${sql.id(source)} rename to ${sql.id(schema)}`.execute(db);
        // The database keeps its public schema when the archive's tables were in it.
        if (source === 'public') await sql`create schema if not exists public`.execute(db);
      }
    }
  } catch (error) {
    await admin?.close();
    await fs.promises.rm(work, { recursive: true, force: true });
    throw new BackupError(
      `The restore stopped part-way: ${(error as Error).message}. What is in the target is incomplete: run the restore again with --force`,
    );
  }
  await admin?.close();

  const migrated = MIGRATION_NAMES.filter((name) => !manifest.migrations.includes(name));
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    pgSchema: kind === 'postgres' ? schema : undefined,
    dataDir: target.dataDir,
  });
  try {
    if (migrated.length > 0) options.log(`Migrating the schema: ${migrated.join(', ')}`);
    await migrateToLatest(
      database.db as unknown as Kysely<unknown>,
      kind === 'postgres' ? schema : undefined,
    );
    await options.afterRestore?.(database, manifest, await fs.promises.stat(archive));
  } finally {
    await database.close();
  }
  const bucket =
    bucketListing && target.storage.listObjects ? await compareBucket(bucketListing, target.storage) : null;
  await fs.promises.rm(work, { recursive: true, force: true });
  return {
    manifest,
    migrated,
    mediaFiles: manifest.files.filter((file) => file.path.startsWith('media/')).length,
    bucket,
  };
}

/** The archive must be of this build's schema or older, and of the database and storage this service uses. */
function checkCompatible(manifest: Manifest, target: RestoreTarget): void {
  const newer = unknownMigrations(manifest.migrations, MIGRATION_NAMES);
  if (newer.length > 0)
    throw new BackupError(
      `The archive is from a newer build (${manifest.build}): its schema has migrations this build does not know (${newer.join(', ')}). Restore it with that build or a later one`,
    );
  const kind = target.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.database.kind !== kind)
    throw new BackupError(
      `The archive holds a ${manifest.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database; this service is set up for ${kind === 'sqlite' ? 'SQLite (no DATABASE_URL)' : 'PostgreSQL (DATABASE_URL)'}`,
    );
  if (manifest.storage.kind !== target.storage.kind)
    throw new BackupError(
      `The archive was taken with STORAGE=${manifest.storage.kind}; this service has STORAGE=${target.storage.kind}`,
    );
}

/**
 * The target schema must be empty (or replaced with `force`); the archive's schema, when it has another name,
 * must not be in this database with tables (pg_restore creates it, then it is renamed). Answers the schemas to
 * drop before pg_restore.
 */
async function checkPgTarget(
  db: Kysely<unknown>,
  source: string,
  schema: string,
  force: boolean,
): Promise<string[]> {
  const tables = await pgTableCount(db, schema);
  if (tables > 0 && !force)
    throw new BackupError(
      `The database schema ${schema} has ${tables} tables. Restore into an empty one, or give --force to replace it`,
    );
  if (source !== schema && (await pgTableCount(db, source)) > 0)
    throw new BackupError(
      `The archive's schema ${source} is in this database with tables of its own; restore with DATABASE_SCHEMA=${source}, or into another database`,
    );
  const existing: string[] = [];
  for (const name of new Set([schema, source])) if (await pgSchemaExists(db, name)) existing.push(name);
  return existing;
}

/** With `force`: the database file and the media folder go (PostgreSQL's schema went in checkPgTarget). */
async function clearTarget(target: RestoreTarget, kind: 'sqlite' | 'postgres'): Promise<void> {
  if (kind === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm'])
      await fs.promises.rm(path.join(target.dataDir, `${SQLITE_FILE}${suffix}`), { force: true });
  }
  if (target.storage.kind === 'local')
    await fs.promises.rm(target.mediaDir, { recursive: true, force: true });
}

function ensureDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Writes an entry beside its place and renames it in once its checksum matched. */
async function fileSink(file: string): Promise<EntrySink> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const handle = await fs.promises.open(partial, 'w');
  return {
    write: async (chunk) => {
      await handle.write(chunk);
    },
    close: async () => {
      await handle.close();
      await fs.promises.rename(partial, file);
    },
    abort: async () => {
      await handle.close();
      await fs.promises.rm(partial, { force: true });
    },
  };
}

/** The archived objects against the bucket now: those gone, and those whose ETag changed. */
async function compareBucket(
  listing: string,
  storage: MediaStorage,
): Promise<{ missing: number; changed: number }> {
  const now = new Map<string, string>();
  for await (const object of storage.listObjects!()) now.set(object.key, object.etag);
  let missing = 0;
  let changed = 0;
  for (const line of (await fs.promises.readFile(listing, 'utf8')).split('\n')) {
    if (!line) continue;
    const object = JSON.parse(line) as StoredObject;
    const etag = now.get(object.key);
    if (etag === undefined) missing++;
    else if (etag !== object.etag) changed++;
  }
  return { missing, changed };
}
