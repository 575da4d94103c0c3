import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/database.js';

/**
 * Which tables and columns this database has. Other teams' tables (billing, playback progress) may land after
 * the admin module; the dashboard, alerts, search and exports ask here first and report a figure as unavailable
 * instead of failing. Migrations only run at start, so answers are cached for the life of the process.
 */
export class TableProbe {
  private readonly cache = new Map<string, Promise<Set<string>>>();

  constructor(
    private readonly db: Kysely<unknown>,
    private readonly dialect: DialectName,
  ) {}

  /** The table's column names; empty when the table does not exist. */
  columns(table: string): Promise<Set<string>> {
    let known = this.cache.get(table);
    if (!known) {
      known = this.load(table).catch((error) => {
        this.cache.delete(table);
        throw error;
      });
      this.cache.set(table, known);
    }
    return known;
  }

  /** Whether the table exists with every one of the columns. */
  async has(table: string, columns: readonly string[]): Promise<boolean> {
    const present = await this.columns(table);
    return present.size > 0 && columns.every((column) => present.has(column));
  }

  private async load(table: string): Promise<Set<string>> {
    // The one dialect-specific query of the admin module: each database lists its columns its own way.
    const query =
      this.dialect === 'postgres'
        ? sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = ${table}`
        : sql<{ name: string }>`select name from pragma_table_info(${table})`;
    const { rows } = await query.execute(this.db);
    return new Set(rows.map((row) => row.name));
  }
}
