import { type Kysely, sql } from 'kysely';

const date = 'varchar(32)';

/**
 * The terms of use and privacy pages, one row per page and language (`language`: the lower-case language
 * keyword), written by admins as rich text cleaned on the way in. And `users.nationality` as an ISO 3166-1
 * alpha-2 code, as sign-up offers every country: the spec's two country names in stored rows become PK and IN.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('legal_pages')
    .addColumn('page', 'varchar(16)', (c) => c.notNull())
    .addColumn('language', 'varchar(10)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('updated_at', date, (c) => c.notNull())
    .addPrimaryKeyConstraint('legal_pages_pk', ['page', 'language'])
    .execute();

  for (const [name, code] of [
    ['pakistan', 'PK'],
    ['india', 'IN'],
  ] as const) {
    await sql`update users set nationality = ${code} where lower(nationality) = ${name}`.execute(db);
  }
}
