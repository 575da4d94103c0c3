import type { Kysely } from 'kysely';
import { autoId, idColumnType } from './helpers.js';

/**
 * A title's or episode's audio tracks (`audio_tracks`): the audio streams of its video and audio files uploaded
 * per language, each encoded once as HLS alternate audio. `audio_choices` remembers the language a viewer last
 * chose for a title.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audio_tracks')
    .addColumn('track_id', idColumnType(db), autoId(db))
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('titles.movie_id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('asset_id', 'integer')
    .addColumn('stream_index', 'integer')
    .addColumn('source_key', 'text')
    .addColumn('original_name', 'varchar(255)')
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('label', 'varchar(80)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('hls_key', 'text')
    .addColumn('renditions', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('duration_seconds', 'real')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audio_tracks_target_idx')
    .on('audio_tracks')
    .columns(['movie_id', 'episode_id', 'position'])
    .execute();
  await db.schema
    .createTable('audio_choices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('movie_id', 'integer', (c) => c.notNull().references('titles.movie_id').onDelete('cascade'))
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('audio_choices_pk', ['user_id', 'movie_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audio_choices').execute();
  await db.schema.dropTable('audio_tracks').execute();
}
