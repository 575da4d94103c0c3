import { type Kysely, sql } from 'kysely';
import { autoId, idColumnType } from './helpers.js';

const date = 'varchar(32)';

/** Watch list, favourites, playback progress, per-viewer views and star ratings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['watchlist', 'favourites']) {
    await db.schema
      .createTable(table)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
      .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.movie_id').onDelete('cascade'))
      .addColumn('created_at', date, (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['user_id', 'title_id'])
      .execute();
    await db.schema
      .createIndex(`${table}_user_created_idx`)
      .on(table)
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema.createIndex(`${table}_title_idx`).on(table).column('title_id').execute();
  }

  await db.schema
    .createTable('playback_progress')
    .addColumn('progress_id', idColumnType(db), autoId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.movie_id').onDelete('cascade'))
    // 0: the title's own video (not null, so the unique key below holds on SQLite and PostgreSQL alike).
    .addColumn('episode_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position_seconds', 'double precision', (c) => c.notNull())
    .addColumn('duration_seconds', 'double precision', (c) => c.notNull())
    .addColumn('finished', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', date, (c) => c.notNull())
    .addUniqueConstraint('playback_progress_target_uq', ['user_id', 'title_id', 'episode_id'])
    .execute();
  await db.schema
    .createIndex('playback_progress_user_updated_idx')
    .on('playback_progress')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('playback_progress_title_idx')
    .on('playback_progress')
    .column('title_id')
    .execute();
  // The admin dashboard's "most watched" reads progress by period.
  await db.schema
    .createIndex('playback_progress_updated_idx')
    .on('playback_progress')
    .columns(['updated_at', 'title_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('title_views')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.movie_id').onDelete('cascade'))
    .addColumn('created_at', date, (c) => c.notNull())
    .addPrimaryKeyConstraint('title_views_pk', ['user_id', 'title_id'])
    .execute();
  await db.schema.createIndex('title_views_title_idx').on('title_views').column('title_id').execute();

  await db.schema
    .createTable('title_ratings')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.movie_id').onDelete('cascade'))
    .addColumn('stars', 'integer', (c) => c.notNull().check(sql`stars between 1 and 5`))
    .addColumn('updated_at', date, (c) => c.notNull())
    .addPrimaryKeyConstraint('title_ratings_pk', ['user_id', 'title_id'])
    .execute();
  // Covering: a title's average and count come from the index alone.
  await db.schema
    .createIndex('title_ratings_title_stars_idx')
    .on('title_ratings')
    .columns(['title_id', 'stars'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['title_ratings', 'title_views', 'playback_progress', 'favourites', 'watchlist']) {
    await db.schema.dropTable(table).execute();
  }
}
