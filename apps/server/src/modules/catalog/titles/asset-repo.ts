import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { PreparedRead } from '../../../db/prepared-read.js';
import type { Database } from '../../../db/schema.js';
import type { MediaAssetsTable, SubtitlesTable, TitlesTable } from '../../../db/schema-catalog.js';
import type { StoredRendition } from '../../../lib/hls.js';

export type AssetRow = Selectable<MediaAssetsTable>;
/** What the streaming checks read of an asset's title: who may see it, from when, in which collections. */
export type TitleGate = Pick<
  Selectable<TitlesTable>,
  'status' | 'release_date' | 'collections' | 'age_rating'
>;
export type SubtitleRow = Selectable<SubtitlesTable>;

export function renditionsOf(asset: Pick<AssetRow, 'renditions'>): StoredRendition[] {
  try {
    const parsed = JSON.parse(asset.renditions) as StoredRendition[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Videos and trailers (`media_assets`) and subtitle files (`subtitles`). */
export class AssetRepo {
  private readonly withTitleGate;

  constructor(private readonly db: Kysely<Database>) {
    this.withTitleGate = new PreparedRead(db, 1, (db, assetId: number) =>
      db
        .selectFrom('media_assets')
        .innerJoin('titles', 'titles.movie_id', 'media_assets.movie_id')
        .selectAll('media_assets')
        .select([
          'titles.status as title_status',
          'titles.release_date as title_release_date',
          'titles.collections as title_collections',
          'titles.age_rating as title_age_rating',
        ])
        .where('media_assets.asset_id', '=', assetId),
    );
  }

  insert(values: Insertable<MediaAssetsTable>): Promise<AssetRow> {
    return this.db.insertInto('media_assets').values(values).returningAll().executeTakeFirstOrThrow();
  }

  findById(assetId: number): Promise<AssetRow | undefined> {
    return this.db.selectFrom('media_assets').selectAll().where('asset_id', '=', assetId).executeTakeFirst();
  }

  /** An asset with its title's gate in one read (every variant playlist and segment request asks). */
  async findWithTitleGate(assetId: number): Promise<{ asset: AssetRow; title: TitleGate } | undefined> {
    const found = await this.withTitleGate.first(assetId);
    if (!found) return undefined;
    const { title_status, title_release_date, title_collections, title_age_rating, ...asset } = found;
    return {
      asset,
      title: {
        status: title_status,
        release_date: title_release_date,
        collections: title_collections,
        age_rating: title_age_rating,
      },
    };
  }

  listByIds(assetIds: number[]): Promise<AssetRow[]> {
    if (assetIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('media_assets').selectAll().where('asset_id', 'in', assetIds).execute();
  }

  listForTitle(movieId: number): Promise<AssetRow[]> {
    return this.db.selectFrom('media_assets').selectAll().where('movie_id', '=', movieId).execute();
  }

  async update(assetId: number, values: Updateable<MediaAssetsTable>): Promise<void> {
    await this.db.updateTable('media_assets').set(values).where('asset_id', '=', assetId).execute();
  }

  async delete(assetId: number): Promise<void> {
    await this.db.deleteFrom('media_assets').where('asset_id', '=', assetId).execute();
  }

  listSubtitles(movieId: number, episodeId?: number): Promise<SubtitleRow[]> {
    return this.db
      .selectFrom('subtitles')
      .selectAll()
      .where('movie_id', '=', movieId)
      .$if(episodeId !== undefined, (q) => q.where('episode_id', '=', episodeId!))
      .orderBy('language')
      .execute();
  }

  findSubtitle(subtitleId: number): Promise<SubtitleRow | undefined> {
    return this.db
      .selectFrom('subtitles')
      .selectAll()
      .where('subtitle_id', '=', subtitleId)
      .executeTakeFirst();
  }

  findSubtitleFor(movieId: number, episodeId: number, language: string): Promise<SubtitleRow | undefined> {
    return this.db
      .selectFrom('subtitles')
      .selectAll()
      .where('movie_id', '=', movieId)
      .where('episode_id', '=', episodeId)
      .where('language', '=', language)
      .executeTakeFirst();
  }

  insertSubtitle(values: Insertable<SubtitlesTable>): Promise<SubtitleRow> {
    return this.db.insertInto('subtitles').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async deleteSubtitle(subtitleId: number): Promise<void> {
    await this.db.deleteFrom('subtitles').where('subtitle_id', '=', subtitleId).execute();
  }
}
