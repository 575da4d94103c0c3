import type { Kysely } from 'kysely';
import { watchTables } from './helpers.js';

/**
 * A title's texts per language (`title_translations`) and genre names per language (`genre_names`, keyed by the
 * genre's lower-case name as `title_genres` holds it). Both change cards, so both bump `catalog_version`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('title_translations')
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('titles.movie_id').onDelete('cascade'))
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('title_translations_pk', ['movie_id', 'language'])
    .execute();
  await db.schema
    .createTable('genre_names')
    .addColumn('genre', 'varchar(64)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('genre_names_pk', ['genre', 'language'])
    .execute();
  await watchTables(db, 'catalog_version', [{ table: 'title_translations' }, { table: 'genre_names' }]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('genre_names').execute();
  await db.schema.dropTable('title_translations').execute();
}
