import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { migrateTo, migrateToLatest } from '../db/migrate.js';
import { randomToken } from '../lib/tokens.js';
import { dropSchemas, whileMigrating } from '../scale/test-schemas.js';

/**
 * A database of its own for a migration test (a temporary folder, or a PostgreSQL schema of its own), opened before
 * the suite's tests and dropped after them, with migrations run up to a named one or to the latest as a deploy runs
 * them. Call it inside `describe`.
 */
export function migrationDatabase(): {
  readonly db: DatabaseHandle['db'];
  migrateTo(name: string): Promise<void>;
  migrateToLatest(): Promise<void>;
} {
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const pgSchema = databaseUrl
    ? `t_${randomToken(8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}`
    : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-migration-'));
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl, pgSchema, dataDir });
  });
  afterAll(async () => {
    await handle.close();
    if (databaseUrl && pgSchema) await dropSchemas(databaseUrl, pgSchema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const untyped = () => handle.db as unknown as Kysely<unknown>;
  return {
    get db() {
      return handle.db;
    },
    migrateTo: (name) => whileMigrating(databaseUrl, () => migrateTo(untyped(), name, pgSchema)),
    migrateToLatest: () => whileMigrating(databaseUrl, () => migrateToLatest(untyped(), pgSchema)),
  };
}
