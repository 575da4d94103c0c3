import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer primary key on either database. */
export function idColumnType(db: Kysely<unknown>): 'serial' | 'integer' {
  return isPostgres(db) ? 'serial' : 'integer';
}

export function autoId(db: Kysely<unknown>) {
  return (column: ColumnDefinitionBuilder) =>
    isPostgres(db) ? column.primaryKey() : column.primaryKey().autoIncrement();
}

/**
 * A table whose writes bump a version counter: `updateOf` limits updates to the columns that matter, and
 * `inserts: false` leaves out new rows where they cannot change what was read before.
 */
export interface WatchedTable {
  table: string;
  updateOf?: string[];
  inserts?: boolean;
}

/**
 * Creates `counter` (one row, `version` starting at 1) and triggers that bump it on every write to the watched
 * tables, inside the writer's own transaction: a reader on any instance that sees the new data also sees the new
 * version, so a cache kept per version is never stale past its next read of the counter.
 */
export async function createVersionCounter(
  db: Kysely<unknown>,
  counter: string,
  watched: WatchedTable[],
): Promise<void> {
  await db.schema
    .createTable(counter)
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql.raw(`insert into ${counter} (id, version) values (1, 1)`).execute(db);
  if (isPostgres(db)) {
    await sql
      .raw(
        `create function bump_${counter}() returns trigger language plpgsql as $$
      begin
        ${bumpOf(counter)};
        return null;
      end $$`,
      )
      .execute(db);
  }
  await watchTables(db, counter, watched);
}

const bumpOf = (counter: string) => `update ${counter} set version = version + 1 where id = 1`;

/** Triggers on more tables that bump a counter `createVersionCounter` made. */
export async function watchTables(
  db: Kysely<unknown>,
  counter: string,
  watched: WatchedTable[],
): Promise<void> {
  for (const watch of watched) {
    const { table } = watch;
    if (isPostgres(db)) {
      // One bump per statement: a bulk write costs one row update, not one per row.
      await sql
        .raw(
          `create trigger ${table}_${counter} after ${[...events(watch), 'truncate'].join(' or ')}
           on ${table} for each statement execute function bump_${counter}()`,
        )
        .execute(db);
      continue;
    }
    for (const event of events(watch)) {
      const name = `${table}_${counter}_${event.split(' ')[0]}`;
      await sql
        .raw(`create trigger ${name} after ${event} on ${table} begin ${bumpOf(counter)}; end`)
        .execute(db);
    }
  }
}

function events({ updateOf, inserts = true }: WatchedTable): string[] {
  const update = updateOf ? `update of ${updateOf.join(', ')}` : 'update';
  return [...(inserts ? ['insert'] : []), update, 'delete'];
}
