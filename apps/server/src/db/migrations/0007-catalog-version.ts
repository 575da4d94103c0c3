import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.js';

/**
 * Tables the viewer catalogue's cards are made from, with the updates that change a card. Every write to them
 * bumps `catalog_version.version` inside the writer's own transaction, so a reader on any instance that sees the
 * new data also sees the new version (the catalogue caches its rows per version). Asset progress ticks are left
 * out: they change no card and arrive every few seconds during a transcode.
 */
const WATCHED: { table: string; updateOf?: string[] }[] = [
  { table: 'titles' },
  { table: 'title_genres' },
  { table: 'episodes' },
  {
    table: 'media_assets',
    updateOf: ['status', 'hls_key', 'poster', 'sprite_vtt_key', 'movie_id', 'episode_id'],
  },
  { table: 'title_ratings' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('catalog_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into catalog_version (id, version) values (1, 1)`.execute(db);

  if (isPostgres(db)) {
    await sql`create function bump_catalog_version() returns trigger language plpgsql as $$
      begin
        update catalog_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const { table, updateOf } of WATCHED) {
      const update = updateOf ? `update of ${updateOf.join(', ')}` : 'update';
      // One bump per statement: a bulk insert of ratings costs one row update, not one per row.
      await sql
        .raw(
          `create trigger ${table}_catalog_version after insert or ${update} or delete or truncate on ${table}
           for each statement execute function bump_catalog_version()`,
        )
        .execute(db);
    }
    return;
  }
  for (const { table, updateOf } of WATCHED) {
    const events = ['insert', 'delete', updateOf ? `update of ${updateOf.join(', ')}` : 'update'];
    for (const event of events) {
      const name = `${table}_catalog_version_${event.split(' ')[0]}`;
      await sql
        .raw(
          `create trigger ${name} after ${event} on ${table}
           begin update catalog_version set version = version + 1 where id = 1; end`,
        )
        .execute(db);
    }
  }
}
