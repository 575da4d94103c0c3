import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * A title's age rating may be unset (null, the default of a new title) until an admin chooses one; existing
 * titles keep theirs. SQLite cannot drop a NOT NULL in place, so there the column is copied into a nullable one
 * (its index, which would block the drop, is made again).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema
      .alterTable('titles')
      .alterColumn('age_rating', (c) => c.dropNotNull())
      .execute();
    await db.schema
      .alterTable('titles')
      .alterColumn('age_rating', (c) => c.dropDefault())
      .execute();
    return;
  }
  await db.schema.dropIndex('titles_status_age_idx').execute();
  await db.schema.alterTable('titles').addColumn('age_rating_set', 'varchar(8)').execute();
  await sql`update titles set age_rating_set = age_rating`.execute(db);
  await db.schema.alterTable('titles').dropColumn('age_rating').execute();
  await db.schema.alterTable('titles').renameColumn('age_rating_set', 'age_rating').execute();
  await db.schema
    .createIndex('titles_status_age_idx')
    .on('titles')
    .columns(['status', 'age_rating'])
    .execute();
}
