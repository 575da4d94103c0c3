import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * A read that every request makes (the session, the viewer's access, a segment's asset), built and compiled by
 * Kysely once instead of on every call: building and compiling was a quarter of a segment request's time
 * (bench/README.md). The builder runs once with a marker for each argument; each call sends the compiled SQL with
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
