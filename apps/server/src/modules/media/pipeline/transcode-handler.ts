import fs from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../../../lib/clock.js';
import { randomToken } from '../../../lib/tokens.js';
import { renderImageSizes } from '../../../platform/images.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import type { AssetRecords, AssetRow } from '../../catalog/module.js';
import { MediaFailure } from '../failure.js';
import { spriteVtt } from '../ffmpeg/ladder.js';
import type { MediaTools, ProducedAudio, TranscodeResult } from '../ffmpeg/tools.js';
import { attemptFolder, failedAttempt, progressReporter } from '../jobs/attempt.js';
import type { Job } from '../jobs/queue.js';
import type { JobContext, JobHandler } from '../jobs/worker.js';

/** What the title side needs to hear from the pipeline (implemented by the movies module). */
export interface PipelineEvents {
  progress(movieId: number, percent: number): Promise<void>;
  settle(movieId: number, failure?: string): Promise<void>;
  /** An episode's video got its duration. */
  episodeDuration(episodeId: number, seconds: number): Promise<void>;
}

/** Where a transcoded video's audio streams become its title's (or episode's) audio tracks. */
export interface StreamTracks {
  replaceStreamTracks(asset: AssetRow, produced: readonly ProducedAudio[], hlsKey: string): Promise<void>;
}

/** A source file made on the spot (the demo catalogue's videos), removed by `release`. */
export interface GeneratedSource {
  path: string;
  /** Its ladder when the same source was transcoded before (copied into the working folder), and how to keep one. */
  ladder?: {
    load(workDir: string): Promise<TranscodeResult | undefined>;
    keep(workDir: string, result: TranscodeResult): Promise<void>;
  };
  release(): Promise<void>;
}

/**
 * Makes the source of an asset that has a `generator` instead of an uploaded file, working in `workDir` (a new
 * folder of this attempt: the next attempt removes what a dead one left there).
 */
export interface GeneratedSources {
  source(generator: string, workDir: string, signal: AbortSignal): Promise<GeneratedSource>;
}

const POSTER_BOXES = [
  { width: 640, height: 360 },
  { width: 1280, height: 720 },
];

/**
 * The `transcode` job: (make a generated source if needed,) run the ladder into a working folder, then move
 * the finished ladder, poster and preview sprite into place and mark the asset ready.
 */
export class TranscodeHandler implements JobHandler {
  constructor(
    private readonly assets: AssetRecords,
    private readonly events: PipelineEvents,
    private readonly tools: MediaTools,
    private readonly storage: MediaStorage,
    private readonly tmpDir: string,
    private readonly clock: Clock,
    private readonly generated: GeneratedSources,
    private readonly streamTracks: StreamTracks,
  ) {}

  async run(job: Job, context: JobContext): Promise<void> {
    const asset = await this.assets.findById(job.targetId);
    if (!asset) return; // deleted since: nothing to do
    const now = () => this.clock.now().toISOString();
    await this.assets.update(asset.asset_id, { status: 'processing', progress: 0, updated_at: now() });
    await this.events.settle(asset.movie_id);
    const prefix = `transcode-a${asset.asset_id}-j${job.jobId}-`;
    const workDir = await attemptFolder(this.tmpDir, prefix);
    const onProgress = progressReporter(context, (percent) =>
      Promise.all([
        this.assets.update(asset.asset_id, { progress: Math.round(percent) }),
        this.events.progress(asset.movie_id, percent),
      ]),
    );
    // With object storage the source comes down into the temporary folder first (removed also on failure).
    const source: GeneratedSource = asset.source_key
      ? await this.storage.localFile(asset.source_key, this.tmpDir)
      : await this.generatedSource(
          asset,
          path.join(this.tmpDir, `${prefix}source-${randomToken(4)}`),
          context.signal,
        );
    try {
      const reused = await source.ladder?.load(workDir);
      // A title's or episode's sound becomes its audio tracks; a trailer keeps its one sound in each rendition.
      const layout = asset.kind === 'video' ? 'alternate' : 'muxed';
      const started = Date.now();
      const result =
        reused ?? (await this.tools.transcode(source.path, workDir, layout, onProgress, context.signal));
      if (!reused) {
        context.encoded(result.source.duration, Date.now() - started);
        await source.ladder?.keep(workDir, result);
      }
      await this.publish(asset, result, workDir);
    } finally {
      await source.release();
      await fs.rm(workDir, { recursive: true, force: true });
    }
  }

  async failed(job: Job, reason: string, final: boolean): Promise<void> {
    const asset = await this.assets.findById(job.targetId);
    if (!asset) return;
    await this.assets.update(asset.asset_id, {
      ...failedAttempt(job, reason, final),
      updated_at: this.clock.now().toISOString(),
    });
    const label = asset.kind === 'trailer' ? 'Trailer' : asset.episode_id ? 'Episode video' : 'Video';
    await this.events.settle(asset.movie_id, final ? `${label}: ${reason}` : undefined);
  }

  private async generatedSource(
    asset: AssetRow,
    workDir: string,
    signal: AbortSignal,
  ): Promise<GeneratedSource> {
    if (!asset.generator) throw new MediaFailure('The video has no source file: upload it again');
    const source = await this.generated.source(asset.generator, workDir, signal);
    await this.assets.update(asset.asset_id, { size_bytes: (await fs.stat(source.path)).size });
    return source;
  }

  /** Moves the results into place (the ladder folder in one rename) and switches the asset to ready. */
  private async publish(asset: AssetRow, result: TranscodeResult, workDir: string): Promise<void> {
    const stem = `a${asset.asset_id}-${randomToken(9)}`;
    const written: string[] = [];
    let poster: string | null = null;
    let spriteKey: string | null = null;
    let vttKey: string | null = null;
    try {
      if (result.posterFile) {
        const sizes = await renderImageSizes(await fs.readFile(result.posterFile), 'poster', POSTER_BOXES);
        const stored = [];
        for (const size of sizes) {
          const key = `images/posters/${stem}-${size.width}.webp`;
          await this.storage.put(key, size.data);
          written.push(key);
          stored.push({ key, width: size.width, height: size.height });
        }
        poster = JSON.stringify(stored);
        await fs.rm(result.posterFile, { force: true });
      }
      if (result.spriteFile) {
        spriteKey = `images/previews/${stem}-sprite.jpg`;
        vttKey = `images/previews/${stem}-sprite.vtt`;
        await this.storage.moveIn(spriteKey, result.spriteFile);
        written.push(spriteKey);
        const vtt = spriteVtt(result.sprite, result.source.duration, this.storage.publicUrl(spriteKey)!);
        await this.storage.put(vttKey, Buffer.from(vtt, 'utf8'));
        written.push(vttKey);
      }
      const hlsKey = `hls/${stem}`;
      await this.storage.moveIn(hlsKey, workDir);
      written.push(hlsKey);
      // Replaced or deleted while we worked: throw the results away.
      const current = await this.assets.findById(asset.asset_id);
      if (!current || current.source_key !== asset.source_key)
        throw new MediaFailure('The video was replaced or removed while it was being converted');
      await this.assets.update(asset.asset_id, {
        status: 'ready',
        progress: 100,
        error: null,
        hls_key: hlsKey,
        renditions: JSON.stringify(result.renditions),
        duration_seconds: result.source.duration || current.duration_seconds,
        width: result.source.video?.width ?? current.width,
        height: result.source.video?.height ?? current.height,
        poster,
        sprite_key: spriteKey,
        sprite_vtt_key: vttKey,
        updated_at: this.clock.now().toISOString(),
      });
      await this.removeOld(current);
    } catch (error) {
      for (const key of written) await this.storage.removeTree(key);
      throw error;
    }
    const duration = result.source.duration || asset.duration_seconds;
    await this.streamTracks.replaceStreamTracks(
      { ...asset, duration_seconds: duration },
      result.audio ?? [],
      `hls/${stem}`,
    );
    if (asset.episode_id && result.source.duration) {
      await this.events.episodeDuration(asset.episode_id, Math.round(result.source.duration));
    }
    await this.events.settle(asset.movie_id);
  }

  /** A re-run leaves the previous attempt's outputs behind: remove them. */
  private async removeOld(previous: AssetRow): Promise<void> {
    await this.storage.removeTree(previous.hls_key);
    await this.storage.remove(previous.sprite_key);
    await this.storage.remove(previous.sprite_vtt_key);
    if (previous.poster) {
      for (const size of JSON.parse(previous.poster) as { key: string }[])
        await this.storage.remove(size.key);
    }
  }
}
