import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The first entry of every archive; the second is its SHA-256, so a damaged manifest is caught too. */
export const MANIFEST_ENTRY = 'manifest.json';
export const MANIFEST_SUM_ENTRY = 'manifest.json.sha256';
export const ARCHIVE_FORMAT = 'salomtv-backup';
export const ARCHIVE_VERSION = 1;

/** The entry of the database: SQLite's file, or pg_dump's custom format. */
export const DATABASE_ENTRY = {
  sqlite: 'database/salomtv.sqlite',
  postgres: 'database/salomtv.pgdump',
} as const;
/** Object storage: the bucket's objects with their ETags, one JSON object a line (no bytes). */
export const BUCKET_LISTING_ENTRY = 'bucket/objects.jsonl';
/** Files of DATA_DIR besides the database and the media folder that a restored service needs. */
export const DATA_FILES = ['stream-secret'] as const;

/**
 * Where an entry may go, relative to its root: no absolute path, no `..`, no backslash, no empty part. The
 * archive decides paths on restore, so a crafted one must not write outside DATA_DIR.
 */
const SAFE_PATH =
  /^(database\/salomtv\.(sqlite|pgdump)|bucket\/objects\.jsonl|data\/[A-Za-z0-9._-]+|media(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+)$/;

/** Whether an archive may hold an entry at this path. */
export const isSafeEntryPath = (entry: string): boolean => SAFE_PATH.test(entry);

export const archiveFileSchema = z.object({
  path: z.string().regex(SAFE_PATH, 'an entry path outside the archive layout'),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ArchiveFile = z.infer<typeof archiveFileSchema>;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  created_at: z.string(),
  /** The server build that wrote it (`@salomtv/server` version). */
  build: z.string(),
  database: z.object({
    kind: z.enum(['sqlite', 'postgres']),
    /** PostgreSQL: the schema the tables were dumped from. */
    schema: z.string().nullable(),
  }),
  /** The migrations the database had, in order: the schema version. */
  migrations: z.array(z.string()),
  storage: z.object({ kind: z.enum(['local', 's3']), bucket: z.string().nullable() }),
  /** The backups row of the service's backup that wrote it (null from the CLI). */
  backup_id: z.number().int().nullable(),
  /** Every entry after the manifest and its sum, in archive order. */
  files: z.array(archiveFileSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Why a backup or restore was refused or failed, in words for the operator. */
export class BackupError extends Error {}

/** `@salomtv/server@<version>`, read from the server's package.json beside the build (or the sources). */
export function buildVersion(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@salomtv/server') return `${pkg.name}@${pkg.version ?? '0.0.0'}`;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return '@salomtv/server@unknown';
    dir = parent;
  }
}

/**
 * Whether this build can take a database at `migrations`: every migration it had must be one this build knows
 * (the ones it lacks are run after the restore). Answers the names this build does not know.
 */
export function unknownMigrations(migrations: readonly string[], known: readonly string[]): string[] {
  const ours = new Set(known);
  return migrations.filter((name) => !ours.has(name));
}
