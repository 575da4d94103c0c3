import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MediaAssetsTable, SubtitlesTable } from '../../db/schema-catalog.js';
import type { StoredRendition } from '../../media/ffmpeg/hls.js';

export type AssetRow = Selectable<MediaAssetsTable>;
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
  constructor(private readonly db: Kysely<Database>) {}

  insert(values: Insertable<MediaAssetsTable>): Promise<AssetRow> {
    return this.db.insertInto('media_assets').values(values).returningAll().executeTakeFirstOrThrow();
  }

  findById(assetId: number): Promise<AssetRow | undefined> {
    return this.db.selectFrom('media_assets').selectAll().where('asset_id', '=', assetId).executeTakeFirst();
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
