import type { Kysely } from 'kysely';
import { createVersionCounter, type WatchedTable } from './helpers.js';

/**
 * Tables the viewer catalogue's cards are made from, with the updates that change a card. Every write to them
 * bumps `catalog_version.version` (the catalogue caches its rows per version). Asset progress ticks are left
 * out: they change no card and arrive every few seconds during a transcode.
 */
const WATCHED: WatchedTable[] = [
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
  await createVersionCounter(db, 'catalog_version', WATCHED);
}
