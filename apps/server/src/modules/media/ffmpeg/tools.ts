import fs from 'node:fs/promises';
import path from 'node:path';
import {
  parseVariantPlaylist,
  renditionBandwidth,
  type StoredRendition,
  VARIANT_PLAYLIST,
} from '../../../lib/hls.js';
import { MEDIA_REASONS, MediaFailure } from '../failure.js';
import { type MediaBinaries, resolveMediaBinaries } from './binaries.js';
import { packageRendition } from './fragmented-mp4.js';
import {
  FRAGMENTED_FILE,
  planTranscode,
  type SpritePlan,
  segmentStartSeconds,
  transcodeArgs,
} from './ladder.js';
import { codecString, type ProbeResult, probe } from './probe.js';
import { runFfmpeg } from './run-ffmpeg.js';

export interface TranscodeResult {
  source: ProbeResult;
  renditions: StoredRendition[];
  /** Files in the working folder (undefined when ffmpeg could not make them). */
  posterFile: string | undefined;
  spriteFile: string | undefined;
  sprite: SpritePlan;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/** ffmpeg and ffprobe behind one object: the only place that runs them. */
export class MediaTools {
  constructor(
    private readonly ffmpegPath: string | undefined,
    private readonly ffprobePath: string | undefined,
  ) {}

  binaries(): Promise<MediaBinaries> {
    return resolveMediaBinaries(this.ffmpegPath, this.ffprobePath);
  }

  async probe(file: string, signal?: AbortSignal): Promise<ProbeResult> {
    return probe((await this.binaries()).ffprobe.path, file, signal);
  }

  /** Renders a demo video from arguments built by demo-film.ts (which read no client input). */
  async renderDemo(args: string[], cwd: string, signal: AbortSignal): Promise<void> {
    const { ffmpeg } = await this.binaries();
    // Progress lines keep the stall watchdog quiet through a long render.
    await runFfmpeg(ffmpeg.path, ['-progress', 'pipe:1', '-nostats', ...args], { cwd, signal });
  }

  /** The whole ladder in one ffmpeg run inside `workDir`, every rendition cut into HLS segments and checked. */
  async transcode(
    input: string,
    workDir: string,
    onProgress: (percent: number) => void,
    signal: AbortSignal,
  ): Promise<TranscodeResult> {
    const { ffmpeg } = await this.binaries();
    const source = await this.probe(input, signal);
    if (!source.video) throw new MediaFailure(MEDIA_REASONS.noVideo);
    const plan = planTranscode(sourceInfo(source));
    await fs.rm(workDir, { recursive: true, force: true });
    for (const rendition of plan.renditions)
      await fs.mkdir(path.join(workDir, rendition.dir), { recursive: true });
    const duration = source.duration > 0 ? source.duration : 1;
    await runFfmpeg(ffmpeg.path, transcodeArgs(path.resolve(input), sourceInfo(source), plan), {
      cwd: workDir,
      signal,
      onProgress: (seconds) => onProgress(Math.min(99, (seconds / duration) * 100)),
    });
    const renditions: StoredRendition[] = [];
    for (const rendition of plan.renditions) {
      await packageRendition(path.join(workDir, rendition.dir), FRAGMENTED_FILE, segmentStartSeconds).catch(
        (error: Error) => {
          throw new MediaFailure(MEDIA_REASONS.failed, `${rendition.height}p: ${error.message}`);
        },
      );
      renditions.push(
        await this.checkRendition(path.join(workDir, rendition.dir), rendition.height, source, signal),
      );
    }
    const posterFile = path.join(workDir, 'poster.jpg');
    const spriteFile = path.join(workDir, 'sprite.jpg');
    return {
      source,
      renditions,
      posterFile: (await exists(posterFile)) ? posterFile : undefined,
      spriteFile: (await exists(spriteFile)) ? spriteFile : undefined,
      sprite: plan.sprite,
    };
  }

  /** Reads a produced rendition back: it must decode at the planned height and cover the source. */
  private async checkRendition(
    dir: string,
    height: number,
    source: ProbeResult,
    signal: AbortSignal,
  ): Promise<StoredRendition> {
    const text = await fs.readFile(path.join(dir, VARIANT_PLAYLIST), 'utf8').catch(() => '');
    const playlist = parseVariantPlaylist(text);
    if (!playlist.initUri || playlist.segments.length === 0) {
      throw new MediaFailure(MEDIA_REASONS.failed, `The ${height}p rendition has no segments`);
    }
    const sizes = new Map<string, number>();
    for (const uri of [playlist.initUri, ...playlist.segments.map((s) => s.uri)]) {
      sizes.set(uri, (await fs.stat(path.join(dir, uri))).size);
    }
    const covered = playlist.segments.reduce((sum, s) => sum + s.duration, 0);
    if (source.duration > 0 && covered < source.duration * 0.5) {
      // The source announces more than it holds: ffmpeg met its end early.
      throw new MediaFailure(
        `The file ends early: the picture stops after ${covered.toFixed(1)} s of ${source.duration.toFixed(1)} s`,
        `The ${height}p rendition covers ${covered.toFixed(1)} s of ${source.duration.toFixed(1)} s`,
      );
    }
    const first = `concat:${path.join(dir, playlist.initUri)}|${path.join(dir, playlist.segments[0]!.uri)}`;
    const produced = await this.probe(first, signal);
    if (!produced.video || produced.video.height !== height) {
      throw new MediaFailure(MEDIA_REASONS.failed, `The ${height}p rendition does not decode at its height`);
    }
    const { bandwidth, average } = renditionBandwidth(playlist, (uri) => sizes.get(uri) ?? 0);
    return {
      height,
      width: produced.video.width,
      bandwidth,
      average_bandwidth: average,
      codecs: codecString(produced),
      frame_rate: Math.round((produced.video.fps || source.video?.fps || 0) * 1000) / 1000,
    };
  }
}

function sourceInfo(source: ProbeResult) {
  return {
    width: source.video?.width ?? 0,
    height: source.video?.height ?? 0,
    fps: source.video?.fps ?? 0,
    hasAudio: source.audio !== undefined,
    duration: source.duration,
  };
}
