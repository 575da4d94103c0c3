import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { EpisodesTable, SeasonsTable } from '../../../db/schema-catalog.js';

export type SeasonRow = Selectable<SeasonsTable>;
export type EpisodeRow = Selectable<EpisodesTable>;

/** An episode a viewer can play (its video is ready), with where it sits in its series. */
export interface PlayableEpisode {
  movie_id: number;
  episode_id: number;
  season: number;
  number: number;
  duration_seconds: number | null;
}

/** Seasons and episodes of series. */
export class EpisodeRepo {
  constructor(private readonly db: Kysely<Database>) {}

  listSeasons(movieId: number): Promise<SeasonRow[]> {
    return this.db
      .selectFrom('seasons')
      .selectAll()
      .where('movie_id', '=', movieId)
      .orderBy('number')
      .execute();
  }

  listEpisodes(movieId: number): Promise<EpisodeRow[]> {
    return this.db
      .selectFrom('episodes')
      .selectAll()
      .where('movie_id', '=', movieId)
      .orderBy('season_id')
      .orderBy('number')
      .execute();
  }

  /** Episodes of several titles at once (catalogue cards). */
  listEpisodesOf(movieIds: number[]): Promise<EpisodeRow[]> {
    if (movieIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('episodes')
      .selectAll()
      .where('movie_id', 'in', movieIds)
      .orderBy('season_id')
      .orderBy('number')
      .execute();
  }

  /** The playable episodes of several series, each series' in viewing order (season, then episode number). */
  playableInOrder(movieIds: number[]): Promise<PlayableEpisode[]> {
    if (movieIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('episodes')
      .innerJoin('seasons', 'seasons.season_id', 'episodes.season_id')
      .innerJoin('media_assets', 'media_assets.asset_id', 'episodes.video_asset_id')
      .select([
        'episodes.movie_id',
        'episodes.episode_id',
        'seasons.number as season',
        'episodes.number',
        'episodes.duration_seconds',
      ])
      .where('episodes.movie_id', 'in', movieIds)
      .where('media_assets.status', '=', 'ready')
      .where('media_assets.hls_key', 'is not', null)
      .orderBy('episodes.movie_id')
      .orderBy('seasons.number')
      .orderBy('episodes.number')
      .execute();
  }

  findSeason(movieId: number, number: number): Promise<SeasonRow | undefined> {
    return this.db
      .selectFrom('seasons')
      .selectAll()
      .where('movie_id', '=', movieId)
      .where('number', '=', number)
      .executeTakeFirst();
  }

  insertSeason(values: Insertable<SeasonsTable>): Promise<SeasonRow> {
    return this.db.insertInto('seasons').values(values).returningAll().executeTakeFirstOrThrow();
  }

  findEpisode(episodeId: number): Promise<EpisodeRow | undefined> {
    return this.db.selectFrom('episodes').selectAll().where('episode_id', '=', episodeId).executeTakeFirst();
  }

  async nextEpisodeNumber(seasonId: number): Promise<number> {
    const row = await this.db
      .selectFrom('episodes')
      .select((eb) => eb.fn.max('number').as('n'))
      .where('season_id', '=', seasonId)
      .executeTakeFirst();
    return Number(row?.n ?? 0) + 1;
  }

  insertEpisode(values: Insertable<EpisodesTable>): Promise<EpisodeRow> {
    return this.db.insertInto('episodes').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async updateEpisode(episodeId: number, values: Updateable<EpisodesTable>): Promise<void> {
    await this.db.updateTable('episodes').set(values).where('episode_id', '=', episodeId).execute();
  }

  async deleteEpisode(episodeId: number): Promise<void> {
    await this.db.deleteFrom('episodes').where('episode_id', '=', episodeId).execute();
  }

  /** Drops seasons left without episodes. */
  async deleteEmptySeasons(movieId: number): Promise<void> {
    await this.db
      .deleteFrom('seasons')
      .where('movie_id', '=', movieId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('episodes')
              .select('episode_id')
              .whereRef('episodes.season_id', '=', 'seasons.season_id'),
          ),
        ),
      )
      .execute();
  }
}
