import type { Kysely } from 'kysely';

/**
 * Playback quality: each playback session keeps the plan and quality cap it streams under (`plan`, `max_height`), so
 * the live sessions can be counted by them; `playback_quality_hours` adds up the players' reports (time to first
 * frame, watch and stall time, errors, quality switches, bytes) per title and UTC hour for the admin dashboard.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('playback_sessions')
    .addColumn('plan', 'varchar(40)', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('playback_sessions')
    .addColumn('max_height', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('playback_quality_hours')
    // The UTC hour, as 2026-06-01T10.
    .addColumn('hour', 'varchar(13)', (c) => c.notNull())
    .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.movie_id').onDelete('cascade'))
    .addColumn('starts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_frame_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('watched_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('stalls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stalled_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quality_switches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_loaded', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('playback_quality_hours_pk', ['hour', 'title_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('playback_quality_hours').execute();
  await db.schema.alterTable('playback_sessions').dropColumn('max_height').execute();
  await db.schema.alterTable('playback_sessions').dropColumn('plan').execute();
}
