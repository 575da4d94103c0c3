import { type Kysely, sql } from 'kysely';

/**
 * `rate_counters.expires_at`: when a counter's window ends, so ended counters can be deleted (a client that sends
 * endless new numbers or addresses would otherwise grow the table for good). Rows from before get a day after their
 * window's start, longer than any window the settings' defaults use; a deleted counter counts as a new window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('rate_counters').addColumn('expires_at', 'varchar(32)').execute();
  const rows = await sql<{ counter_key: string; window_start: string }>`
    select counter_key, window_start from rate_counters`.execute(db);
  for (const row of rows.rows) {
    const expires = new Date(Date.parse(row.window_start) + 24 * 3600 * 1000).toISOString();
    await sql`update rate_counters set expires_at = ${expires} where counter_key = ${row.counter_key}`.execute(
      db,
    );
  }
  await db.schema.createIndex('rate_counters_expires').on('rate_counters').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rate_counters_expires').execute();
  await db.schema.alterTable('rate_counters').dropColumn('expires_at').execute();
}
