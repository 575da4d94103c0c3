/**
 * Pure argument builders for the one-process HLS ladder (testable without ffmpeg, PeerTube style).
 * Works with the 2018 ffmpeg 4.1 of @ffmpeg-installer and with current ffmpeg: no -var_stream_map
 * (it crashes in 4.1); one fragmented MP4 output per rendition, which fragmented-mp4.ts cuts into HLS segments
 * and a variant playlist, and our server writes the master playlist.
 */

import { audioLayoutDir } from '../../../lib/hls.js';

export const LADDER_HEIGHTS = [1080, 720, 480] as const;
export const SEGMENT_SECONDS = 6;
/**
 * Where the short segments at the start end, in seconds, before those of SEGMENT_SECONDS: 0-0.5, 0.5-2, 2-6.
 * Playback starts once the first has arrived, about 60 KB at 480p (time to first frame in bench/README.md), and
 * each of the next takes less time to fetch than the ones before it last, down to about 3 Mbit/s at 480p, so a
 * start on a slower link does not stall. A keyframe is forced at each, as at every SEGMENT_SECONDS.
 */
export const START_SEGMENT_ENDS = [0.5, 2] as const;
/** Each rendition's ffmpeg output, in its folder, before it is packaged for HLS. */
export const FRAGMENTED_FILE = 'stream.mp4';
export const SPRITE_TILE_WIDTH = 160;

export interface SourceInfo {
  width: number;
  height: number;
  fps: number;
  /** The channel count of each audio stream, in the source's order. */
  audioChannels: number[];
  duration: number;
}

/** Stereo for every track; a 5.1 rendition beside it where the source has six channels or more. */
export const AUDIO_LAYOUTS = [
  { channels: 2, kbps: 128 },
  { channels: 6, kbps: 384 },
] as const;
/** Audio is cut into fragments of this many microseconds, which fragmented-mp4.ts groups into segments. */
const AUDIO_FRAGMENT_US = 500_000;

export interface AudioRenditionPlan {
  /** Which audio stream of the input (0-based). */
  stream: number;
  channels: number;
  kbps: number;
  /** Folder (relative to the working folder) of the rendition. */
  dir: string;
}

export interface RenditionPlan {
  height: number;
  videoKbps: number;
  /** Folder (relative to the job's working folder) of the rendition: its fragmented MP4, then its HLS files. */
  dir: string;
}

export interface SpritePlan {
  interval: number;
  count: number;
  cols: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
}

/**
 * `alternate`: each audio stream is its own rendition, stored once (a title's or episode's video, whose streams
 * become its audio tracks); `muxed`: every video rendition carries the first stream in stereo (a trailer: one
 * short sound, no menu, started from one file).
 */
export type AudioLayout = 'alternate' | 'muxed';

export interface TranscodePlan {
  renditions: RenditionPlan[];
  audio: AudioRenditionPlan[];
  /** The first audio stream muxed into every video rendition (AudioLayout `muxed` with a source that has one). */
  muxedAudio: boolean;
  posterAt: number;
  posterHeight: number;
  sprite: SpritePlan;
  gop: number;
}

const even = (value: number) => Math.max(2, Math.floor(value / 2) * 2);

/** Video bitrate for a height: the usual ladder values, scaled by pixel count below 480p. */
export function videoKbpsFor(height: number): number {
  if (height >= 1080) return 5000;
  if (height >= 720) return 2800;
  if (height >= 480) return 1200;
  return Math.max(200, Math.round((1200 * (height / 480) ** 2) / 50) * 50);
}

/** The folder of an audio stream's renditions, relative to the ladder's folder. */
export const audioStreamDir = (stream: number) => `a${stream}`;

/** Each audio stream in stereo, and in 5.1 too where it has six channels or more, under `prefix`. */
export function planAudio(channels: readonly number[], prefix = (stream: number) => audioStreamDir(stream)) {
  return channels.flatMap((count, stream) =>
    AUDIO_LAYOUTS.filter((layout) => layout.channels === 2 || count >= layout.channels).map((layout) => ({
      stream,
      channels: layout.channels,
      kbps: layout.kbps,
      dir: `${prefix(stream)}/${audioLayoutDir(layout.channels)}`.replace(/^\//, ''),
    })),
  );
}

/** 1080/720/480, never above the source; a source below 480 gets one rendition at its own (even) height. */
export function planHeights(sourceHeight: number, ladder: readonly number[] = LADDER_HEIGHTS): number[] {
  const fitting = ladder.filter((height) => height <= sourceHeight);
  return fitting.length > 0 ? [...fitting].sort((a, b) => b - a) : [even(sourceHeight)];
}

/** One sprite tile per interval (at most about 100 tiles), 160 px wide, up to 10 per row. */
export function planSprite(duration: number, width: number, height: number): SpritePlan {
  const safeDuration = Math.max(1, duration);
  const interval = Math.max(1, Math.ceil(safeDuration / 100));
  const count = Math.max(1, Math.ceil(safeDuration / interval));
  const cols = Math.min(10, count);
  const rows = Math.ceil(count / cols);
  const tileHeight = even((SPRITE_TILE_WIDTH * Math.max(1, height)) / Math.max(1, width));
  return { interval, count, cols, rows, tileWidth: SPRITE_TILE_WIDTH, tileHeight };
}

export function planTranscode(
  source: SourceInfo,
  layout: AudioLayout = 'alternate',
  ladder: readonly number[] = LADDER_HEIGHTS,
): TranscodePlan {
  const fps = source.fps > 0 ? Math.min(source.fps, 60) : 25;
  const muxedAudio = layout === 'muxed' && source.audioChannels.length > 0;
  return {
    renditions: planHeights(source.height, ladder).map((height) => ({
      height,
      videoKbps: videoKbpsFor(height),
      dir: `${height}p`,
    })),
    audio: layout === 'alternate' ? planAudio(source.audioChannels) : [],
    muxedAudio,
    posterAt: Math.min(30, Math.max(0, source.duration * 0.1)),
    posterHeight: Math.min(720, even(source.height)),
    sprite: planSprite(source.duration, source.width, source.height),
    gop: Math.max(2, Math.round(fps * 2)),
  };
}

/** The filter graph: one decode split into a scaler per rendition, a poster frame and the sprite tiles. */
export function filterGraph(plan: TranscodePlan): string {
  const count = plan.renditions.length + 2;
  const labels = Array.from({ length: count }, (_, i) => `[v${i}]`).join('');
  const parts = [`[0:v]split=${count}${labels}`];
  plan.renditions.forEach((rendition, i) => {
    parts.push(`[v${i}]scale=-2:${rendition.height}:flags=bicubic,setsar=1[o${i}]`);
  });
  const p = plan.renditions.length;
  parts.push(`[v${p}]trim=start=${plan.posterAt.toFixed(3)},scale=-2:${plan.posterHeight},setsar=1[poster]`);
  const s = plan.sprite;
  parts.push(
    `[v${p + 1}]fps=fps=1/${s.interval},scale=${s.tileWidth}:${s.tileHeight},setsar=1,tile=${s.cols}x${s.rows}[sprite]`,
  );
  return parts.join(';');
}

/** Encoder and muxer settings of one video rendition's output, with the muxed sound or none (stored apart). */
export function renditionOutputArgs(rendition: RenditionPlan, gop: number, muxedAudio = false): string[] {
  const kbps = rendition.videoKbps;
  const args = [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '21',
    '-maxrate',
    `${kbps}k`,
    '-bufsize',
    `${kbps * 2}k`,
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-sc_threshold',
    '0',
    '-force_key_frames',
    // A keyframe at the start of every segment, where segmentStartSeconds puts them.
    keyframeExpression(),
  ];
  args.push(...(muxedAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000'] : ['-an']));
  args.push(
    '-max_muxing_queue_size',
    '1024',
    '-f',
    'mp4',
    // One fragment per GOP; fragmented-mp4.ts groups them into segments.
    '-movflags',
    '+frag_keyframe+empty_moov+default_base_moof',
    `${rendition.dir}/${FRAGMENTED_FILE}`,
  );
  return args;
}

/** Encoder and muxer settings of one audio rendition: AAC at 48 kHz, in fragments of half a second. */
export function audioOutputArgs(rendition: AudioRenditionPlan): string[] {
  return [
    '-vn',
    '-c:a',
    'aac',
    '-b:a',
    `${rendition.kbps}k`,
    '-ac',
    String(rendition.channels),
    '-ar',
    '48000',
    '-max_muxing_queue_size',
    '1024',
    '-f',
    'mp4',
    '-frag_duration',
    String(AUDIO_FRAGMENT_US),
    '-movflags',
    '+empty_moov+default_base_moof',
    `${rendition.dir}/${FRAGMENTED_FILE}`,
  ];
}

/** How every encode starts: quiet but for errors, no prompts, overwriting, its progress on stdout for the worker. */
const ENCODER_PROLOGUE = ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-nostats', '-progress', 'pipe:1'];

/** Arguments that encode the first audio stream of an audio file into `plan`'s folders; cwd the working folder. */
export function audioTranscodeArgs(input: string, plan: readonly AudioRenditionPlan[]): string[] {
  const args = [...ENCODER_PROLOGUE, '-i', input];
  for (const rendition of plan) args.push('-map', '0:a:0', ...audioOutputArgs(rendition));
  return args;
}

/** Where segment `index` starts, in seconds: after the short ones, on the keyframes forced every SEGMENT_SECONDS. */
export function segmentStartSeconds(index: number): number {
  if (index <= 0) return 0;
  if (index <= START_SEGMENT_ENDS.length) return START_SEGMENT_ENDS[index - 1]!;
  return (index - START_SEGMENT_ENDS.length) * SEGMENT_SECONDS;
}

/**
 * `-force_key_frames` for segmentStartSeconds: the n-th forced keyframe (`n_forced` counts those before it) comes
 * at the first frame at or after the n-th segment's start. The first frame is always one.
 */
export function keyframeExpression(): string {
  const short = START_SEGMENT_ENDS.length;
  let expression = `gte(t,(n_forced-${short})*${SEGMENT_SECONDS})`;
  for (let n = short; n >= 1; n--) {
    expression = `if(eq(n_forced,${n}),gte(t,${START_SEGMENT_ENDS[n - 1]}),${expression})`;
  }
  return `expr:${expression}`;
}

/** Arguments for the whole ladder in one ffmpeg process; run with the working folder as cwd. */
export function transcodeArgs(input: string, plan: TranscodePlan): string[] {
  const args = [...ENCODER_PROLOGUE, '-i', input, '-filter_complex', filterGraph(plan)];
  plan.renditions.forEach((rendition, i) => {
    args.push('-map', `[o${i}]`);
    if (plan.muxedAudio) args.push('-map', '0:a:0');
    args.push(...renditionOutputArgs(rendition, plan.gop, plan.muxedAudio));
  });
  for (const rendition of plan.audio)
    args.push('-map', `0:a:${rendition.stream}`, ...audioOutputArgs(rendition));
  args.push('-map', '[poster]', '-frames:v', '1', '-q:v', '3', 'poster.jpg');
  args.push('-map', '[sprite]', '-frames:v', '1', '-q:v', '5', 'sprite.jpg');
  return args;
}

function timestamp(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** The WebVTT index of a sprite: one cue per tile pointing at its rectangle (#xywh). */
export function spriteVtt(sprite: SpritePlan, duration: number, spriteUrl: string): string {
  const lines = ['WEBVTT', ''];
  const end = Math.max(duration, 0.001);
  for (let i = 0; i < sprite.count; i++) {
    const start = i * sprite.interval;
    if (start >= end) break;
    const stop = Math.min(end, start + sprite.interval);
    const x = (i % sprite.cols) * sprite.tileWidth;
    const y = Math.floor(i / sprite.cols) * sprite.tileHeight;
    lines.push(
      `${timestamp(start)} --> ${timestamp(stop)}`,
      `${spriteUrl}#xywh=${x},${y},${sprite.tileWidth},${sprite.tileHeight}`,
      '',
    );
  }
  return lines.join('\n');
}

/** Reads `-progress pipe:1` output: the encoded position in seconds, or 'end'. */
export function progressSeconds(line: string): number | 'end' | undefined {
  const [key, value] = line.trim().split('=', 2);
  if (value === undefined) return undefined;
  if (key === 'progress' && value === 'end') return 'end';
  if (key === 'out_time_us' || key === 'out_time_ms') {
    // Both are microseconds (out_time_ms is misnamed in ffmpeg).
    const micro = Number(value);
    return Number.isFinite(micro) && micro >= 0 ? micro / 1_000_000 : undefined;
  }
  return undefined;
}
