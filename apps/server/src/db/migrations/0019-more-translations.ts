import type { Kysely } from 'kysely';

/**
 * A title's tagline (`titles.tagline`), and per language its tagline and its cast as written in that script
 * (`title_translations.tagline`, `cast_names`: a JSON list in the order of `titles.cast_list`, '' where a name is
 * written as in the original); episodes' titles and descriptions per language (`episode_translations`, read
 * fresh by the title page).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('titles')
    .addColumn('tagline', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('title_translations')
    .addColumn('tagline', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('title_translations')
    .addColumn('cast_names', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createTable('episode_translations')
    .addColumn('episode_id', 'integer', (c) =>
      c.notNull().references('episodes.episode_id').onDelete('cascade'),
    )
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('episode_translations_pk', ['episode_id', 'language'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('episode_translations').execute();
  await db.schema.alterTable('title_translations').dropColumn('cast_names').execute();
  await db.schema.alterTable('title_translations').dropColumn('tagline').execute();
  await db.schema.alterTable('titles').dropColumn('tagline').execute();
}
