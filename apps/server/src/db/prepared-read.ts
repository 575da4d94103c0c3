import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The SQL texts of prepared reads, with a statement name each. On PostgreSQL the connection prepares a named
 * statement once and then sends only its arguments (db/database.ts), instead of parsing and planning the same few
 * reads on every request (PostgreSQL in bench/README.md). The texts are as many as
 * the prepared reads the code builds, so the statements each connection keeps stay few.
 */
const statementNames = new Map<string, string>();

/** The statement name of a prepared read's SQL text; undefined for any other query. */
export function preparedStatementName(sqlText: string): string | undefined {
  return statementNames.get(sqlText);
}

/**
 * A read that every request makes (the session, the viewer's access, a segment's asset), built and compiled by
 * Kysely once instead of on every call, where building and compiling would be a large share of a segment
 * request's time. The builder runs once with a marker for each argument; each call sends the compiled SQL with
 * the arguments where the markers were. Only for queries whose shape does not depend on the arguments: every
 * argument must be a plain bound value (`where(column, '=', arg)`), which the first compile checks.
 */
export class PreparedRead<Args extends readonly unknown[], Row> {
  private compiled: { query: CompiledQuery<Row>; slots: (number | undefined)[] } | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly arity: Args['length'],
    private readonly build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
  ) {}

  private compile() {
    const markers = Array.from({ length: this.arity }, (_, index) => Symbol(`argument ${index}`));
    const query = this.build(this.db, ...(markers as unknown as Args)).compile();
    const slots = query.parameters.map((value) => {
      const index = markers.indexOf(value as symbol);
      return index === -1 ? undefined : index;
    });
    if (markers.some((marker) => !query.parameters.includes(marker))) {
      throw new Error(`Every argument of a prepared read must be a bound value: ${query.sql}`);
    }
    if (!statementNames.has(query.sql))
      statementNames.set(query.sql, `prepared_read_${statementNames.size + 1}`);
    return { query, slots };
  }

  async all(...args: Args): Promise<Row[]> {
    this.compiled ??= this.compile();
    const { query, slots } = this.compiled;
    const parameters = slots.map((slot, index) =>
      slot === undefined ? query.parameters[index] : args[slot],
    );
    return (await this.db.executeQuery<Row>({ ...query, parameters })).rows;
  }

  async first(...args: Args): Promise<Row | undefined> {
    return (await this.all(...args))[0];
  }
}
