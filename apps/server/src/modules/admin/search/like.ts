import { type Expression, type RawBuilder, sql } from 'kysely';

/**
 * `lower(column) LIKE '%text%'` with the admin's text taken literally: %, _ and the escape character itself
 * are escaped, and ESCAPE is spelled out (SQLite has no default escape character, PostgreSQL's is backslash).
 */
export function containsText(
  column: Expression<string | null>,
  text: string,
  lowerColumn = true,
): RawBuilder<boolean> {
  const escaped = text.toLowerCase().replace(/[!%_]/g, (char) => `!${char}`);
  const target = lowerColumn ? sql`lower(${column})` : sql`${column}`;
  return sql<boolean>`${target} like ${`%${escaped}%`} escape '!'`;
}
