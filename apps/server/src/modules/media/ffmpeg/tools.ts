import fs from 'node:fs/promises';
import path from 'node:path';
import {
  parseVariantPlaylist,
  renditionBandwidth,
  type StoredAudioRendition,
  type StoredRendition,
  VARIANT_PLAYLIST,
} from '../../../lib/hls.js';
import { MEDIA_REASONS, MediaFailure } from '../failure.js';
import { type MediaBinaries, resolveMediaBinaries } from './binaries.js';
import { packageRendition } from './fragmented-mp4.js';
import {
  type AudioLayout,
  type AudioRenditionPlan,
  audioStreamDir,
  audioTranscodeArgs,
  FRAGMENTED_FILE,
  planAudio,
  planTranscode,
  type SpritePlan,
  segmentStartSeconds,
  transcodeArgs,
} from './ladder.js';
import { codecString, type ProbeResult, probe } from './probe.js';
import { runFfmpeg } from './run-ffmpeg.js';

/** An audio stream of the source, encoded into `dir` (relative to the ladder's folder). */
export interface ProducedAudio {
  stream: number;
  dir: string;
  language: string;
  title: string;
  renditions: StoredAudioRendition[];
}

export interface TranscodeResult {
  source: ProbeResult;
  renditions: StoredRendition[];
  audio: ProducedAudio[];
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

  /**
   * The whole ladder in one ffmpeg run inside `workDir`, every rendition cut into HLS segments and checked; the
   * sound as `layout` says (ladder.ts).
   */
  async transcode(
    input: string,
    workDir: string,
    layout: AudioLayout,
    onProgress: (percent: number) => void,
    signal: AbortSignal,
  ): Promise<TranscodeResult> {
    const { ffmpeg } = await this.binaries();
    const source = await this.probe(input, signal);
    if (!source.video) throw new MediaFailure(MEDIA_REASONS.noVideo);
    const plan = planTranscode(sourceInfo(source), layout);
    await fs.rm(workDir, { recursive: true, force: true });
    for (const rendition of [...plan.renditions, ...plan.audio])
      await fs.mkdir(path.join(workDir, rendition.dir), { recursive: true });
    const duration = source.duration > 0 ? source.duration : 1;
    await runFfmpeg(ffmpeg.path, transcodeArgs(path.resolve(input), plan), {
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
    const audioRenditions = await this.packageAudio(workDir, plan.audio, source.duration, signal);
    const audio = plan.audio.length
      ? source.audioStreams.map((stream, index) => ({
          stream: index,
          dir: audioStreamDir(index),
          language: stream.language,
          title: stream.title,
          renditions: audioRenditions.filter((_, i) => plan.audio[i]!.stream === index),
        }))
      : [];
    const posterFile = path.join(workDir, 'poster.jpg');
    const spriteFile = path.join(workDir, 'sprite.jpg');
    return {
      source,
      renditions,
      audio,
      posterFile: (await exists(posterFile)) ? posterFile : undefined,
      spriteFile: (await exists(spriteFile)) ? spriteFile : undefined,
      sprite: plan.sprite,
    };
  }

  /**
   * An audio file's first audio stream encoded into `workDir/2ch` (and `6ch` where it has six channels), each cut
   * into HLS segments on the video's segment starts and checked.
   */
  async transcodeAudio(
    input: string,
    workDir: string,
    onProgress: (percent: number) => void,
    signal: AbortSignal,
  ): Promise<{ source: ProbeResult; renditions: StoredAudioRendition[] }> {
    const { ffmpeg } = await this.binaries();
    const source = await this.probe(input, signal);
    const first = source.audioStreams[0];
    if (!first) throw new MediaFailure(MEDIA_REASONS.noAudio);
    const plan = planAudio([first.channels], () => '');
    await fs.rm(workDir, { recursive: true, force: true });
    for (const rendition of plan) await fs.mkdir(path.join(workDir, rendition.dir), { recursive: true });
    const duration = source.duration > 0 ? source.duration : 1;
    await runFfmpeg(ffmpeg.path, audioTranscodeArgs(path.resolve(input), plan), {
      cwd: workDir,
      signal,
      onProgress: (seconds) => onProgress(Math.min(99, (seconds / duration) * 100)),
    });
    return { source, renditions: await this.packageAudio(workDir, plan, source.duration, signal) };
  }

  /** Cuts each encoded audio rendition into segments and reads it back: AAC with the planned channels. */
  private async packageAudio(
    workDir: string,
    plan: readonly AudioRenditionPlan[],
    duration: number,
    signal: AbortSignal,
  ): Promise<StoredAudioRendition[]> {
    const produced: StoredAudioRendition[] = [];
    for (const rendition of plan) {
      const dir = path.join(workDir, rendition.dir);
      const name = `audio ${rendition.stream + 1} (${rendition.channels} channels)`;
      await packageRendition(dir, FRAGMENTED_FILE, segmentStartSeconds).catch((error: Error) => {
        throw new MediaFailure(MEDIA_REASONS.failed, `${name}: ${error.message}`);
      });
      const { playlist, sizes } = await readPackaged(dir, name);
      const covered = playlist.segments.reduce((sum, s) => sum + s.duration, 0);
      if (duration > 0 && covered < duration * 0.5) {
        throw new MediaFailure(
          `The file ends early: the sound stops after ${covered.toFixed(1)} s of ${duration.toFixed(1)} s`,
          `The ${name} covers ${covered.toFixed(1)} s of ${duration.toFixed(1)} s`,
        );
      }
      const first = `concat:${path.join(dir, playlist.initUri!)}|${path.join(dir, playlist.segments[0]!.uri)}`;
      const read = await this.probe(first, signal);
      if (read.audio?.channels !== rendition.channels) {
        throw new MediaFailure(MEDIA_REASONS.failed, `The ${name} does not decode with its channels`);
      }
      const { bandwidth, average } = renditionBandwidth(playlist, (uri) => sizes.get(uri) ?? 0);
      produced.push({
        channels: rendition.channels,
        bandwidth,
        average_bandwidth: average,
        codecs: codecString({ ...read, video: undefined }),
      });
    }
    return produced;
  }

  /** Reads a produced rendition back: it must decode at the planned height and cover the source. */
  private async checkRendition(
    dir: string,
    height: number,
    source: ProbeResult,
    signal: AbortSignal,
  ): Promise<StoredRendition> {
    const { playlist, sizes } = await readPackaged(dir, `${height}p rendition`);
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

/** A packaged rendition's variant playlist and the size of each of its files; it must have segments. */
async function readPackaged(dir: string, name: string) {
  const text = await fs.readFile(path.join(dir, VARIANT_PLAYLIST), 'utf8').catch(() => '');
  const playlist = parseVariantPlaylist(text);
  if (!playlist.initUri || playlist.segments.length === 0) {
    throw new MediaFailure(MEDIA_REASONS.failed, `The ${name} has no segments`);
  }
  const sizes = new Map<string, number>();
  for (const uri of [playlist.initUri, ...playlist.segments.map((s) => s.uri)]) {
    sizes.set(uri, (await fs.stat(path.join(dir, uri))).size);
  }
  return { playlist: playlist as { initUri: string; segments: typeof playlist.segments }, sizes };
}

function sourceInfo(source: ProbeResult) {
  return {
    width: source.video?.width ?? 0,
    height: source.video?.height ?? 0,
    fps: source.video?.fps ?? 0,
    audioChannels: source.audioStreams.map((stream) => stream.channels),
    duration: source.duration,
  };
}
