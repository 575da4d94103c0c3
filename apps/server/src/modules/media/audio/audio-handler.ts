import fs from 'node:fs/promises';
import type { Clock } from '../../../lib/clock.js';
import { randomToken } from '../../../lib/tokens.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import type { AssetRecords, AudioTrackRecords, EpisodeRecords, TitleRecords } from '../../catalog/module.js';
import { MediaFailure } from '../failure.js';
import type { MediaTools } from '../ffmpeg/tools.js';
import { attemptFolder, failedAttempt, progressReporter } from '../jobs/attempt.js';
import type { Job } from '../jobs/queue.js';
import type { JobContext, JobHandler } from '../jobs/worker.js';
import { lengthMismatch } from './audio-check.js';

/**
 * The `audio` job: encodes an uploaded audio track (stereo AAC, and 5.1 where it has six channels) into HLS
 * segments on the video's segment starts, checks it still matches the video's length, and marks it ready.
 */
export class AudioTrackHandler implements JobHandler {
  constructor(
    private readonly tracks: AudioTrackRecords,
    private readonly titles: TitleRecords,
    private readonly episodes: EpisodeRecords,
    private readonly assets: AssetRecords,
    private readonly tools: MediaTools,
    private readonly storage: MediaStorage,
    private readonly tmpDir: string,
    private readonly clock: Clock,
  ) {}

  async run(job: Job, context: JobContext): Promise<void> {
    const track = await this.tracks.findTrack(job.targetId);
    if (!track?.source_key) return; // deleted since: nothing to do
    const now = () => this.clock.now().toISOString();
    await this.tracks.updateTrack(track.track_id, { status: 'processing', progress: 0, updated_at: now() });
    const workDir = await attemptFolder(this.tmpDir, `audio-t${track.track_id}-j${job.jobId}-`);
    const onProgress = progressReporter(context, (percent) =>
      this.tracks.updateTrack(track.track_id, { progress: Math.round(percent) }),
    );
    const source = await this.storage.localFile(track.source_key, this.tmpDir);
    try {
      const started = Date.now();
      const result = await this.tools.transcodeAudio(source.path, workDir, onProgress, context.signal);
      context.encoded(result.source.duration, Date.now() - started);
      const videoSeconds = await this.videoSeconds(track.movie_id, track.episode_id);
      const mismatch = videoSeconds ? lengthMismatch(result.source.duration, videoSeconds) : undefined;
      if (mismatch) throw new MediaFailure(mismatch);
      const hlsKey = `hls/t${track.track_id}-${randomToken(9)}`;
      await this.storage.moveIn(hlsKey, workDir);
      // Replaced or deleted while we worked: throw the result away.
      const current = await this.tracks.findTrack(track.track_id);
      if (current?.source_key !== track.source_key) {
        await this.storage.removeTree(hlsKey);
        throw new MediaFailure('The sound track was replaced or removed while it was being converted');
      }
      await this.tracks.updateTrack(track.track_id, {
        status: 'ready',
        progress: 100,
        error: null,
        hls_key: hlsKey,
        renditions: JSON.stringify(result.renditions),
        duration_seconds: result.source.duration || current.duration_seconds,
        updated_at: now(),
      });
      await this.storage.removeTree(current.hls_key);
    } finally {
      await source.release();
      await fs.rm(workDir, { recursive: true, force: true });
    }
  }

  async failed(job: Job, reason: string, final: boolean): Promise<void> {
    const track = await this.tracks.findTrack(job.targetId);
    if (!track) return;
    await this.tracks.updateTrack(track.track_id, {
      ...failedAttempt(job, reason, final),
      updated_at: this.clock.now().toISOString(),
    });
  }

  /** The length of the video the track dubs, when it is known. */
  private async videoSeconds(movieId: number, episodeId: number): Promise<number | null> {
    const assetId = episodeId
      ? ((await this.episodes.findEpisode(episodeId))?.video_asset_id ?? null)
      : ((await this.titles.findById(movieId))?.video_asset_id ?? null);
    if (assetId === null) return null;
    return (await this.assets.findById(assetId))?.duration_seconds ?? null;
  }
}
