import type { Kysely } from 'kysely';
import { autoId, idColumnType } from './helpers.js';

const date = 'varchar(32)';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('titles')
    .addColumn('movie_id', idColumnType(db), autoId(db))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('movie'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('genres', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('cast_list', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('collections', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('draft'))
    .addColumn('quality', 'varchar(8)')
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('year', 'integer')
    .addColumn('age_rating', 'varchar(8)', (c) => c.notNull().defaultTo('All'))
    .addColumn('duration_seconds', 'integer')
    .addColumn('release_date', 'varchar(10)')
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('banner', 'text')
    .addColumn('thumbnail', 'text')
    .addColumn('trailer_asset_id', 'integer')
    .addColumn('video_asset_id', 'integer')
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'integer')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('titles_status_kind_idx').on('titles').columns(['status', 'kind']).execute();
  await db.schema
    .createIndex('titles_status_featured_idx')
    .on('titles')
    .columns(['status', 'featured'])
    .execute();
  await db.schema
    .createIndex('titles_status_release_idx')
    .on('titles')
    .columns(['status', 'release_date'])
    .execute();
  await db.schema
    .createIndex('titles_status_age_idx')
    .on('titles')
    .columns(['status', 'age_rating'])
    .execute();
  await db.schema.createIndex('titles_updated_idx').on('titles').column('updated_at').execute();

  await db.schema
    .createTable('title_genres')
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('titles.movie_id').onDelete('cascade'))
    .addColumn('genre', 'varchar(40)', (c) => c.notNull())
    .addPrimaryKeyConstraint('title_genres_pk', ['movie_id', 'genre'])
    .execute();
  await db.schema
    .createIndex('title_genres_genre_idx')
    .on('title_genres')
    .columns(['genre', 'movie_id'])
    .execute();

  await db.schema
    .createTable('seasons')
    .addColumn('season_id', idColumnType(db), autoId(db))
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('titles.movie_id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', date, (c) => c.notNull())
    .addUniqueConstraint('seasons_movie_number_uq', ['movie_id', 'number'])
    .execute();

  await db.schema
    .createTable('episodes')
    .addColumn('episode_id', idColumnType(db), autoId(db))
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('titles.movie_id').onDelete('cascade'))
    .addColumn('season_id', 'integer', (c) => c.notNull().references('seasons.season_id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('duration_seconds', 'integer')
    .addColumn('thumbnail', 'text')
    .addColumn('video_asset_id', 'integer')
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('episodes_movie_idx')
    .on('episodes')
    .columns(['movie_id', 'season_id', 'number'])
    .execute();

  await db.schema
    .createTable('media_assets')
    .addColumn('asset_id', idColumnType(db), autoId(db))
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('titles.movie_id').onDelete('cascade'))
    .addColumn('episode_id', 'integer')
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_key', 'text')
    .addColumn('generator', 'text')
    .addColumn('original_name', 'varchar(255)')
    .addColumn('size_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_seconds', 'real')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('hls_key', 'text')
    .addColumn('renditions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('poster', 'text')
    .addColumn('sprite_key', 'text')
    .addColumn('sprite_vtt_key', 'text')
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_assets_movie_idx')
    .on('media_assets')
    .columns(['movie_id', 'status'])
    .execute();

  await db.schema
    .createTable('subtitles')
    .addColumn('subtitle_id', idColumnType(db), autoId(db))
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('titles.movie_id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('label', 'varchar(80)', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('created_at', date, (c) => c.notNull())
    .addUniqueConstraint('subtitles_target_language_uq', ['movie_id', 'episode_id', 'language'])
    .execute();

  await db.schema
    .createTable('media_jobs')
    .addColumn('job_id', idColumnType(db), autoId(db))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('next_run_at', date, (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('locked_until', date)
    .addColumn('started_at', date)
    .addColumn('finished_at', date)
    .addColumn('created_at', date, (c) => c.notNull())
    .addColumn('updated_at', date, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_jobs_claim_idx')
    .on('media_jobs')
    .columns(['status', 'next_run_at', 'priority'])
    .execute();
  await db.schema
    .createIndex('media_jobs_target_idx')
    .on('media_jobs')
    .columns(['target_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'media_jobs',
    'subtitles',
    'media_assets',
    'episodes',
    'seasons',
    'title_genres',
    'titles',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
