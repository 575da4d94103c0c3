import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { PreparedRead, preparedStatementName } from './prepared-read.js';

describe('a read compiled once (on the database the suite runs on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers each call with its own arguments, as the query built afresh does', async () => {
    const db = t.app.container.database.db;
    const build = (kysely: typeof db, offered: number, sortFrom: number) =>
      kysely
        .selectFrom('plans')
        .select(['code', 'sort_order'])
        .where('offered', '=', offered)
        .where('sort_order', '>=', sortFrom)
        .where('currency', '=', 'USD')
        .orderBy('sort_order');
    const read = new PreparedRead(db, 2, build);
    const plans = await db.selectFrom('plans').select(['code', 'sort_order', 'offered']).execute();
    expect(plans.length).toBeGreaterThan(1);
    for (const [offered, sortFrom] of [
      [1, 0],
      [1, plans[1]!.sort_order],
      [0, 0],
      [1, 1_000_000],
    ] as const) {
      expect(await read.all(offered, sortFrom)).toEqual(await build(db, offered, sortFrom).execute());
    }
    expect(await read.first(1, 1_000_000)).toBeUndefined();
  });

  it('refuses a builder whose shape depends on an argument', async () => {
    const db = t.app.container.database.db;
    const read = new PreparedRead(db, 1, (kysely, offeredOnly: boolean) =>
      kysely
        .selectFrom('plans')
        .selectAll()
        .$if(offeredOnly, (q) => q.where('offered', '=', 1)),
    );
    await expect(read.all(true)).rejects.toThrow(/bound value/);
  });

  it('is parsed once per connection on PostgreSQL: the connection keeps it as a named statement', async () => {
    const db = t.app.container.database.db;
    const build = (kysely: typeof db, code: string) =>
      kysely.selectFrom('plans').select(['name', 'quality_cap']).where('code', '=', code);
    const codes = (await db.selectFrom('plans').select('code').execute()).map((row) => row.code);
    expect(preparedStatementName(build(db, codes[0]!).compile().sql)).toBeUndefined();
    // One connection, so the statement list read below is the one the reads went through.
    await db.connection().execute(async (connection) => {
      const read = new PreparedRead(connection, 1, build);
      for (const code of codes) {
        expect(await read.first(code)).toEqual(await build(connection, code).executeTakeFirst());
      }
      const name = preparedStatementName(build(connection, codes[0]!).compile().sql);
      expect(name).toMatch(/^prepared_read_\d+$/);
      if (t.dialect !== 'postgres') return;
      const kept = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(connection);
      expect(kept.rows.map((row) => row.name)).toContain(name);
    });
  });
});

describe('a read compiled once, with named statements turned off (DATABASE_NAMED_STATEMENTS=false)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DATABASE_NAMED_STATEMENTS: 'false' });
  });
  afterAll(async () => t.close());

  it('answers the same, and PostgreSQL keeps no statement of it (for a pooler that would lose it)', async () => {
    const db = t.app.container.database.db;
    const build = (kysely: typeof db, code: string) =>
      kysely.selectFrom('plans').select(['code', 'max_streams']).where('code', '=', code);
    const codes = (await db.selectFrom('plans').select('code').execute()).map((row) => row.code);
    await db.connection().execute(async (connection) => {
      const read = new PreparedRead(connection, 1, build);
      for (const code of codes) {
        expect(await read.first(code)).toEqual(await build(connection, code).executeTakeFirst());
      }
      if (t.dialect !== 'postgres') return;
      const kept = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(connection);
      expect(kept.rows).toEqual([]);
    });
  });
});
