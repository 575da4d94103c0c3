import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

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
