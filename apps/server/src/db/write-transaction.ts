import { type Kysely, sql } from 'kysely';
import { isPostgres } from './migrations/helpers.js';
import type { Database } from './schema.js';

/**
 * A transaction that reads and then writes on what it read (a count under a limit, the last administrator), safe
 * against writers on other connections and instances. On PostgreSQL `lockRows` first takes the rows the decision
 * rests on FOR UPDATE. On SQLite it begins IMMEDIATE: the write lock comes first, so another process's write cannot
 * slip between the read and the write (which WAL would answer with SQLITE_BUSY at the write, past any busy timeout).
 */
export function writeTransaction<T>(
  db: Kysely<Database>,
  lockRows: (trx: Kysely<Database>) => Promise<unknown>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (isPostgres(db as Kysely<unknown>))
    return db.transaction().execute(async (trx) => {
      await lockRows(trx);
      return work(trx);
    });
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}
