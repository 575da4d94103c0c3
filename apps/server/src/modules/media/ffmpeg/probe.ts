import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import { explainProbeOutput, MediaFailure } from '../failure.js';

const run = promisify(execFile);

export interface ProbeResult {
  /** Seconds; 0 when unknown. */
  duration: number;
  sizeBytes: number;
  formatName: string;
  video:
    | { codec: string; width: number; height: number; fps: number; profile: string; level: number }
    | undefined;
  /** The first audio stream. */
  audio: AudioStream | undefined;
  /** Every audio stream, in the file's order, with the language and title its tags give. */
  audioStreams: AudioStream[];
}

export interface AudioStream {
  codec: string;
  profile: string;
  channels: number;
  /** The stream's language tag as written (ISO 639-2 `uzb`, or 639-1 `uz`), '' when none. */
  language: string;
  title: string;
}

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  profile?: string;
  level?: number;
  channels?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  side_data_list?: { rotation?: number }[];
  tags?: { rotate?: string; language?: string; title?: string };
}

interface RawProbe {
  streams?: RawStream[];
  format?: { duration?: string; size?: string; format_name?: string };
}

function rate(value: string | undefined): number {
  if (!value) return 0;
  const [num, den] = value.split('/').map(Number);
  if (!num || !den) return 0;
  return num / den;
}

/** Reads ffprobe's JSON into what the pipeline needs; cover-art pictures are not video. */
export function parseProbe(json: string): ProbeResult {
  const raw = JSON.parse(json) as RawProbe;
  const streams = raw.streams ?? [];
  const video = streams.find(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0,
  );
  const audioStreams = streams
    .filter((s) => s.codec_type === 'audio')
    .map((s) => ({
      codec: s.codec_name ?? '',
      profile: s.profile ?? '',
      channels: s.channels ?? 0,
      language: s.tags?.language ?? '',
      title: s.tags?.title ?? '',
    }));
  const duration = Number(raw.format?.duration ?? video?.duration ?? 0) || 0;
  let width = video?.width ?? 0;
  let height = video?.height ?? 0;
  const rotation = Math.abs(
    Number(
      video?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video?.tags?.rotate ?? 0,
    ),
  );
  if (rotation === 90 || rotation === 270) [width, height] = [height, width];
  const fps = rate(video?.avg_frame_rate) || rate(video?.r_frame_rate);
  return {
    duration,
    sizeBytes: Number(raw.format?.size ?? 0) || 0,
    formatName: raw.format?.format_name ?? '',
    video: video
      ? {
          codec: video.codec_name ?? '',
          width,
          height,
          fps: fps > 0 && fps < 1000 ? fps : 0,
          profile: video.profile ?? '',
          level: video.level ?? 0,
        }
      : undefined,
    audio: audioStreams[0],
    audioStreams,
  };
}

/** The first bytes of a file (none for a `concat:` input or a file that cannot be read). */
async function headOf(input: string): Promise<Buffer> {
  if (input.startsWith('concat:')) return Buffer.alloc(0);
  const file = await fs.open(input).catch(() => undefined);
  if (!file) return Buffer.alloc(0);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(12), 0, 12, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Runs ffprobe on a file (or a `concat:a|b` input); when it cannot read it, throws a MediaFailure with the admin's
 * reason (ffprobe's own lines as its detail).
 */
export async function probe(ffprobe: string, input: string, signal?: AbortSignal): Promise<ProbeResult> {
  try {
    const { stdout } = await run(
      ffprobe,
      ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', input],
      {
        timeout: 60_000,
        maxBuffer: 8 * 1024 * 1024,
        ...(signal ? { signal } : {}),
      },
    );
    return parseProbe(stdout);
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? '').trim();
    const detail = stderr.split('\n').slice(-3).join(' ') || (error as Error).message;
    throw new MediaFailure(explainProbeOutput(stderr, await headOf(input)), detail);
  }
}

const H264_PROFILES: Record<string, string> = {
  'constrained baseline': '42e0',
  baseline: '4200',
  main: '4d40',
  extended: '5800',
  high: '6400',
};

/** The RFC 6381 codec string of an H.264 stream (e.g. avc1.64001f) and of AAC audio, for the master playlist. */
export function codecString(result: ProbeResult): string {
  const parts: string[] = [];
  if (result.video) {
    const profile = H264_PROFILES[result.video.profile.toLowerCase()] ?? '6400';
    const level = Math.max(10, Math.min(62, result.video.level || 40));
    parts.push(`avc1.${profile}${level.toString(16).padStart(2, '0')}`);
  }
  if (result.audio) {
    parts.push(result.audio.profile.toUpperCase() === 'HE-AAC' ? 'mp4a.40.5' : 'mp4a.40.2');
  }
  return parts.join(',');
}
