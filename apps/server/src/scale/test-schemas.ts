import pg from 'pg';

/**
 * Test suites each migrate a PostgreSQL schema of their own and drop it at the end, side by side. Kysely's
 * migrator looks for its tables in every schema of the database, passing each schema's name to
 * `has_schema_privilege()`, so a schema another suite drops at that moment failed the migration with "schema ...
 * does not exist" (the PostgreSQL log names the dropped schema; about one full run in five). Suites migrate under
 * a shared advisory lock and drop under the exclusive one: a drop waits for the migrations in flight, and no
 * migration starts during a drop.
 */
const SCHEMA_LOCK = 'salomtv-test-schemas';

async function locked<T>(databaseUrl: string, lock: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`select ${lock}(hashtext($1))`, [SCHEMA_LOCK]);
    return await work(client);
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}

/** Runs what creates or migrates a test schema (building an app, starting a server process). */
export function whileMigrating<T>(databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  return databaseUrl ? locked(databaseUrl, 'pg_advisory_lock_shared', work) : work();
}

/** Drops test schemas (and everything in them). */
export async function dropSchemas(databaseUrl: string, ...schemas: string[]): Promise<void> {
  await locked(databaseUrl, 'pg_advisory_lock', async (client) => {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  });
}
