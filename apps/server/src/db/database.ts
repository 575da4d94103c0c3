import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect, sql } from 'kysely';
import { BoundedMap } from '../lib/bounded-map.js';
import { preparedStatementName } from './prepared-read.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Cheap round trip used by the health check. */
  ping(): Promise<void>;
  /** What the metrics show of the database: PostgreSQL's connection pool, SQLite's file sizes. */
  stats(): DatabaseStats;
  /**
   * SQLite: copies the open database into `file` with SQLite's online backup, through the connection the app
   * writes on (another connection's writes would make the copy start over). Not on PostgreSQL (pg_dump).
   */
  onlineBackup?(file: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseStats =
  | { dialect: 'postgres'; pool: { total: number; idle: number; waiting: number; max: number } }
  | { dialect: 'sqlite'; fileBytes: { database: number; wal: number } };

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to work in (tests use one per suite); created when missing. */
  pgSchema?: string | undefined;
  dataDir: string;
  sqliteSynchronous?: 'NORMAL' | 'FULL';
  /**
   * PostgreSQL: send the prepared reads as named statements (the default). Off for a pooler in transaction mode
   * that does not keep prepared statements across its server connections (PgBouncer before 1.21).
   */
  namedStatements?: boolean;
}

/** The schema pg-boss keeps its job tables in, beside the app's schema (`pgboss` beside `public`). */
export function jobQueueSchema(appSchema: string | undefined): string {
  return appSchema ? `${appSchema}_boss` : 'pgboss';
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.pgSchema, options.namedStatements ?? true);
  return openSqlite(options.dataDir, options.sqliteSynchronous ?? 'FULL');
}

/** Connections per process to PostgreSQL. */
const POOL_MAX = 10;

async function openPostgres(
  url: string,
  schema: string | undefined,
  namedStatements: boolean,
): Promise<DatabaseHandle> {
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
    max: POOL_MAX,
    connectionTimeoutMillis: 5000,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client that loses its server must not crash the process; the next query reports the error.
  pool.on('error', () => {});
  // ...nor one that is checked out between queries when its connection drops (the query, if any, gets the error).
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (namedStatements) nameHotStatements(client);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    stats: () => ({
      dialect: 'postgres',
      pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX },
    }),
    close: () => db.destroy(),
  };
}

/** Pages copied per step of an online backup; each step is short, so requests are served between steps. */
const BACKUP_PAGES_PER_STEP = 256;

/**
 * better-sqlite3's backup copies a few pages per turn of the event loop. A write from another process (a worker,
 * the backup CLI's service) restarts the copy; each restart doubles the step, so a busy database still finishes.
 */
async function onlineBackup(file: SQLite.Database, target: string): Promise<void> {
  let rate = BACKUP_PAGES_PER_STEP;
  let lastRemaining = Number.POSITIVE_INFINITY;
  await file.backup(target, {
    progress: ({ remainingPages }) => {
      if (remainingPages > lastRemaining) rate *= 2;
      lastRemaining = remainingPages;
      return rate;
    },
  });
}

type QueryCall = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Sends the reads every request makes (db/prepared-read.ts) as named statements: PostgreSQL parses and plans
 * each once per connection instead of on every call.
 * Kysely calls `query(text, values)`; every other query goes through unchanged.
 */
function nameHotStatements(client: { query: unknown }): void {
  const query = (client.query as QueryCall).bind(client);
  const named: QueryCall = (config, values, callback) => {
    const name =
      typeof config === 'string' && Array.isArray(values) ? preparedStatementName(config) : undefined;
    return name === undefined
      ? query(config, values, callback)
      : query({ name, text: config, values }, callback);
  };
  client.query = named;
}

/** Compiled statements kept per SQL text (Kysely's parameters are bound, so the texts are few). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles SQL on each prepare, a costly step for a
 * small read: hot statements are kept compiled, least recently used out first. Safe to share: Kysely
 * runs one query at a time on its single SQLite connection, and SQLite recompiles a kept statement itself after
 * a schema change.
 */
function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const statements = new BoundedMap<string, SQLite.Statement>(STATEMENT_CACHE_SIZE);
  return {
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        statement = file.prepare(text);
      }
      statements.set(text, statement);
      return statement;
    },
    close() {
      statements.clear();
      file.close();
    },
  };
}

function openSqlite(dataDir: string, synchronous: 'NORMAL' | 'FULL'): DatabaseHandle {
  fs.mkdirSync(dataDir, { recursive: true });
  const filePath = path.join(dataDir, 'salomtv.sqlite');
  const file = new SQLite(filePath);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  // FULL (the default, SQLITE_SYNCHRONOUS): a commit is on disk before its answer leaves, through a power loss
  // too; NORMAL survives a killed process but may lose the last commits on power loss (README, Faults).
  file.pragma(`synchronous = ${synchronous}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(file) }) });
  return {
    db,
    dialect: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    // One connection, no pool: how big the database and its write-ahead log have grown is what an operator watches.
    stats: () => ({
      dialect: 'sqlite',
      fileBytes: { database: fileSize(filePath), wal: fileSize(`${filePath}-wal`) },
    }),
    onlineBackup: (target) => onlineBackup(file, target),
    close: () => db.destroy(),
  };
}

function fileSize(filePath: string): number {
  try {
    return fs.statSync(filePath).size;
  } catch {
    return 0;
  }
}
