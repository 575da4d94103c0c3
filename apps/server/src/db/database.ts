import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Cheap round trip used by the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to work in (tests use one per suite); created when missing. */
  pgSchema?: string | undefined;
  dataDir: string;
  sqliteSynchronous?: 'NORMAL' | 'FULL';
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.pgSchema);
  return openSqlite(options.dataDir, options.sqliteSynchronous ?? 'FULL');
}

async function openPostgres(url: string, schema: string | undefined): Promise<DatabaseHandle> {
  // Loaded only when PostgreSQL is chosen, so the embedded default starts without it.
  const pg = (await import('pg')).default;
  // PostgreSQL returns COUNT(*) and BIGINT as strings by default; our counts fit in a JS number.
  pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
  if (schema) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its server must not crash the process; the next query reports the error.
  pool.on('error', () => {});
  // ...nor one that is checked out between queries when its connection drops (the query, if any, gets the error).
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

function openSqlite(dataDir: string, synchronous: 'NORMAL' | 'FULL'): DatabaseHandle {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(path.join(dataDir, 'salomtv.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // FULL (the default, SQLITE_SYNCHRONOUS): a commit is on disk before its answer leaves, through a power loss
  // too; NORMAL survives a killed process but may lose the last commits on power loss (README, Faults).
  file.pragma(`synchronous = ${synchronous}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  return {
    db,
    dialect: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}
