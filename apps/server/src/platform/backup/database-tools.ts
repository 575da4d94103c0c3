import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { BackupError } from './manifest.js';

/** Where PostgreSQL's command-line tools are: PG_BIN_DIR, or PATH. */
export function pgTool(binDir: string | undefined, name: 'pg_dump' | 'pg_restore'): string {
  return binDir ? path.join(binDir, name) : name;
}

/** Whether a tool is there to run: in PG_BIN_DIR, or in a folder of PATH. */
export function pgToolFound(binDir: string | undefined, name: 'pg_dump' | 'pg_restore'): boolean {
  const folders = binDir ? [binDir] : (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  return folders.some((folder) => {
    try {
      fs.accessSync(path.join(folder, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** The connection for pg_dump and pg_restore: the URL without its password, which goes in PGPASSWORD. */
function pgConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a tool to its end; a failure is a BackupError with the tool's own last words. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${what}: ${command} is not installed (Debian: apt-get install postgresql-client; or set PG_BIN_DIR)`
            : `${what}: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else
        reject(
          new BackupError(
            `${what} failed: ${stderr.trim().split('\n').slice(-3).join(' ') || `exit ${code}`}`,
          ),
        );
    });
  });
}

export interface PgTarget {
  databaseUrl: string;
  schema: string;
  binDir: string | undefined;
}

/** pg_dump of one schema in the custom format, without owners or grants (restored as the restoring user). */
export async function pgDump(target: PgTarget, file: string): Promise<void> {
  const { dbname, env } = pgConnection(target.databaseUrl);
  await runTool(
    pgTool(target.binDir, 'pg_dump'),
    [
      '--format=custom',
      `--schema=${target.schema}`,
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      `--dbname=${dbname}`,
    ],
    env,
    'pg_dump',
  );
}

/** pg_restore of a dump into the database, in one transaction: all of it or nothing. */
export async function pgRestore(target: Omit<PgTarget, 'schema'>, file: string): Promise<void> {
  const { dbname, env } = pgConnection(target.databaseUrl);
  await runTool(
    pgTool(target.binDir, 'pg_restore'),
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
    'pg_restore',
  );
}

/** The migrations a SQLite database file had (its schema version); [] for a file without any. */
export function sqliteMigrations(file: string): string[] {
  // Not read-only: a copy of a WAL database is opened read-only only beside its -shm file.
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const known = db
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get() as { n: number };
    if (known.n === 0) return [];
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
      (row) => row.name,
    );
  } finally {
    db.close();
  }
}

/** The migrations of a PostgreSQL schema; [] when it has none. */
export async function pgMigrations(db: Kysely<unknown>, schema: string): Promise<string[]> {
  const found = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.tables
    where table_schema = ${schema} and table_name = 'kysely_migration'`.execute(db);
  if (!found.rows[0]?.n) return [];
  const rows = await sql<{
    name: string;
  }>`select name from ${sql.id(schema, 'kysely_migration')} order by name`.execute(db);
  return rows.rows.map((row) => row.name);
}

/** How many tables a PostgreSQL schema has (0 when it does not exist). */
export async function pgTableCount(db: Kysely<unknown>, schema: string): Promise<number> {
  const found = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.tables where table_schema = ${schema}`.execute(db);
  return found.rows[0]?.n ?? 0;
}

export async function pgSchemaExists(db: Kysely<unknown>, schema: string): Promise<boolean> {
  const found = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.schemata where schema_name = ${schema}`.execute(db);
  return (found.rows[0]?.n ?? 0) > 0;
}
