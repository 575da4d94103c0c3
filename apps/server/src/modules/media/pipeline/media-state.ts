import type { Clock } from '../../../lib/clock.js';
import type {
  AssetRecords,
  AssetRow,
  EpisodeRecords,
  TitleRecords,
  TitleRow,
  TitleStatus,
} from '../../catalog/module.js';
import { renditionsOf } from '../../catalog/module.js';
import type { PipelineEvents } from './transcode-handler.js';

export type MediaCondition = 'none' | 'pending' | 'failed' | 'ok';

/** Where a title's current videos and trailer stand as a whole. */
export function mediaCondition(assets: Pick<AssetRow, 'status'>[]): MediaCondition {
  if (assets.length === 0) return 'none';
  if (assets.some((a) => a.status === 'queued' || a.status === 'processing')) return 'pending';
  if (assets.some((a) => a.status === 'failed')) return 'failed';
  return 'ok';
}

/**
 * The badge after the pipeline moved: published and archived titles keep theirs (their media just becomes
 * playable); otherwise processing while anything transcodes, failed if something failed, then ready.
 */
export function settledStatus(current: TitleStatus, media: MediaCondition): TitleStatus {
  if (current === 'published' || current === 'archived') return current;
  if (media === 'pending') return 'processing';
  if (media === 'failed') return 'failed';
  if (media === 'ok')
    return current === 'draft' || current === 'processing' || current === 'failed' ? 'ready' : current;
  return current === 'processing' || current === 'failed' ? 'draft' : current;
}

/** The badge an admin's choice leads to: draft and ready give way to processing or failed while media demands. */
export function requestedStatus(
  current: TitleStatus,
  requested: TitleStatus | '' | undefined,
  media: MediaCondition,
): TitleStatus {
  if (!requested) return current;
  if (requested === 'published' || requested === 'archived') return requested;
  if (media === 'pending') return 'processing';
  if (media === 'failed') return 'failed';
  return requested;
}

export function qualityFor(height: number): TitleRow['quality'] {
  if (height >= 1080) return 'FHD';
  if (height >= 720) return 'HD';
  return 'SD';
}

/** Keeps a title's status, progress, quality, size and duration in step with its media (the pipeline calls it). */
export class TitleMediaState implements PipelineEvents {
  constructor(
    private readonly titles: TitleRecords,
    private readonly episodes: EpisodeRecords,
    private readonly assets: AssetRecords,
    private readonly clock: Clock,
  ) {}

  /** The title's assets that are in use (the video, the trailer, the episodes' videos). */
  async currentAssets(title: TitleRow): Promise<AssetRow[]> {
    const episodes = await this.episodes.listEpisodes(title.movie_id);
    const ids = new Set<number>();
    for (const id of [
      title.video_asset_id,
      title.trailer_asset_id,
      ...episodes.map((e) => e.video_asset_id),
    ]) {
      if (id !== null) ids.add(id);
    }
    return (await this.assets.listForTitle(title.movie_id)).filter((a) => ids.has(a.asset_id));
  }

  async episodeDuration(episodeId: number, seconds: number): Promise<void> {
    await this.episodes.updateEpisode(episodeId, { duration_seconds: seconds });
  }

  async progress(movieId: number, percent: number): Promise<void> {
    await this.titles.update(movieId, { progress: Math.round(percent) });
  }

  async settle(movieId: number, failure?: string): Promise<void> {
    const title = await this.titles.findById(movieId);
    if (!title) return;
    const assets = await this.currentAssets(title);
    const media = mediaCondition(assets);
    const videos = assets.filter((a) => a.kind === 'video');
    const best = Math.max(
      0,
      ...videos.filter((a) => a.status === 'ready').flatMap((a) => renditionsOf(a).map((r) => r.height)),
    );
    const main = videos.find((a) => a.asset_id === title.video_asset_id);
    await this.titles.update(movieId, {
      status: settledStatus(title.status, media),
      progress: media === 'pending' ? 0 : null,
      failure_reason: media === 'failed' ? (failure ?? title.failure_reason) : null,
      quality: best > 0 ? qualityFor(best) : null,
      size_bytes: videos.reduce((sum, a) => sum + Number(a.size_bytes), 0),
      duration_seconds:
        title.kind === 'movie' && main?.duration_seconds
          ? Math.round(main.duration_seconds)
          : title.duration_seconds,
      updated_at: this.clock.now().toISOString(),
    });
  }
}
