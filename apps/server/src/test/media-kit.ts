import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import type { AppInstance } from '../app-types.js';
import { resolveMediaBinaries } from '../modules/media/ffmpeg/binaries.js';
import { signedInViewer, type TestClient } from './harness.js';

const run = promisify(execFile);

/** Test helpers for the media pipeline: tiny clips made with ffmpeg, waiting for jobs, tus uploads. */

/** FFMPEG_PATH/FFPROBE_PATH of the test run, handed to the apps under test (to try another ffmpeg). */
export function mediaEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  if (process.env.FFMPEG_PATH) env.FFMPEG_PATH = process.env.FFMPEG_PATH;
  if (process.env.FFPROBE_PATH) env.FFPROBE_PATH = process.env.FFPROBE_PATH;
  return env;
}

export async function binaries() {
  return resolveMediaBinaries(process.env.FFMPEG_PATH, process.env.FFPROBE_PATH);
}

export interface ClipOptions {
  seconds?: number;
  width?: number;
  height?: number;
  audio?: boolean;
  /** Container by extension: mp4, mov, mkv, webm. */
  format?: 'mp4' | 'mov' | 'mkv' | 'webm';
  /** testsrc2 (default) or a flat colour, which is much cheaper to make for long clips. */
  pattern?: 'testsrc2' | 'color';
}

/** A tiny test clip (testsrc2 plus a sine tone) written into `dir`; answers its bytes. */
export async function makeClip(dir: string, name: string, options: ClipOptions = {}): Promise<Buffer> {
  const { ffmpeg } = await binaries();
  const {
    seconds = 1,
    width = 320,
    height = 180,
    audio = true,
    format = 'mp4',
    pattern = 'testsrc2',
  } = options;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.${format}`);
  const args = [
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `${pattern === 'color' ? 'color=c=0x3060a0:' : 'testsrc2='}size=${width}x${height}:rate=25:duration=${seconds}`,
  ];
  if (audio) args.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`);
  if (format === 'webm') args.push('-c:v', 'libvpx', '-b:v', '200k', ...(audio ? ['-c:a', 'libvorbis'] : []));
  else
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      ...(audio ? ['-c:a', 'aac'] : []),
    );
  if (format === 'mp4') args.push('-movflags', '+faststart');
  args.push('-shortest', file);
  await run(ffmpeg.path, args);
  return fs.readFileSync(file);
}

/** One audio stream of a dubbed clip: its language tag, tone and channel count. */
export interface DubbedStream {
  language: string;
  frequency: number;
  channels?: number;
}

/** A tiny clip with one audio stream per entry of `streams`, each tagged with its language (as a dubbed film). */
export async function makeDubbedClip(
  dir: string,
  name: string,
  streams: readonly DubbedStream[],
  seconds = 2,
): Promise<Buffer> {
  const { ffmpeg } = await binaries();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.mp4`);
  const args = ['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i'];
  args.push(`testsrc2=size=320x180:rate=25:duration=${seconds}`);
  for (const stream of streams)
    args.push('-f', 'lavfi', '-i', `sine=frequency=${stream.frequency}:duration=${seconds}`);
  args.push('-map', '0:v');
  streams.forEach((stream, i) => {
    args.push('-map', `${i + 1}:a`, `-metadata:s:a:${i}`, `language=${stream.language}`);
    args.push(`-ac:a:${i}`, String(stream.channels ?? 2));
  });
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  );
  await run(ffmpeg.path, args);
  return fs.readFileSync(file);
}

/** A sound file (a sine tone) of `seconds` in one of the formats an audio track may be uploaded in. */
export async function makeSound(
  dir: string,
  name: string,
  format: 'm4a' | 'mp3' | 'wav' | 'flac',
  seconds: number,
  frequency = 660,
): Promise<Buffer> {
  const { ffmpeg } = await binaries();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.${format}`);
  const codec = { m4a: 'aac', mp3: 'libmp3lame', wav: 'pcm_s16le', flac: 'flac' }[format];
  await run(ffmpeg.path, [
    ...[
      '-hide_banner',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${frequency}:duration=${seconds}`,
    ],
    ...['-ac', '2', '-c:a', codec, file],
  ]);
  return fs.readFileSync(file);
}

/** A clip whose header is fine (ffprobe reads it) but whose picture data is zeroed, so decoding fails. */
export async function makeCorruptClip(dir: string): Promise<Buffer> {
  const data = Buffer.from(await makeClip(dir, 'corrupt-source', { audio: false }));
  const mdat = data.indexOf('mdat');
  data.fill(0, mdat + 4);
  return data;
}

/** Sound only (AAC in an MP4), no picture. */
export async function makeAudioOnlyClip(dir: string, name: string): Promise<Buffer> {
  const { ffmpeg } = await binaries();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.mp4`);
  await run(ffmpeg.path, [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1'],
    ...['-c:a', 'aac', file],
  ]);
  return fs.readFileSync(file);
}

/**
 * A clip cut short, as an upload that stopped part-way: with `faststart` its index (moov) comes first and
 * survives, so ffprobe reads it and the picture ends early; without, the index (written last) is lost.
 */
export async function makeTruncatedClip(dir: string, name: string, faststart: boolean): Promise<Buffer> {
  const whole = await makeClip(dir, name, { seconds: 2, format: faststart ? 'mp4' : 'mov' });
  return whole.subarray(0, Math.floor(whole.length * 0.3));
}

export async function waitFor<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 45_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until no job of the app's queue is queued or running. */
export async function waitForJobs(app: AppInstance, timeoutMs = 60_000): Promise<void> {
  await waitFor(
    async () => {
      const open = await app.container.database.db
        .selectFrom('media_jobs')
        .select('job_id')
        .where('status', 'in', ['queued', 'running'])
        .execute();
      return open.length === 0;
    },
    'the transcode jobs',
    timeoutMs,
  );
}

const b64 = (value: string) => Buffer.from(value).toString('base64');

/** Uploads a file through tus in chunks (creation, then PATCHes); answers the final PATCH response. */
export async function tusUpload(
  client: TestClient,
  data: Buffer,
  metadata: Record<string, string>,
  chunk = 64 * 1024,
): Promise<{ create: LightMyRequestResponse; last: LightMyRequestResponse | undefined }> {
  const meta = Object.entries(metadata)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');
  const create = await client.request('POST', '/api/uploads', {
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(data.length), 'upload-metadata': meta },
  });
  if (create.statusCode !== 201) return { create, last: undefined };
  const location = String(create.headers.location);
  let last: LightMyRequestResponse | undefined;
  for (let offset = 0; offset < data.length; offset += chunk) {
    last = await client.request('PATCH', location, {
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': String(offset) },
      body: {
        payload: data.subarray(offset, offset + chunk),
        headers: { 'content-type': 'application/offset+octet-stream' },
      },
    });
    if (last.statusCode !== 204) break;
  }
  return { create, last };
}

/** ffprobe of a file: width, height, codec and frame count of its video stream. */
export async function probeFile(
  file: string,
): Promise<{ width: number; height: number; codec: string; frames: number }> {
  const { ffprobe } = await binaries();
  const { stdout } = await run(ffprobe.path, [
    '-v',
    'error',
    '-count_frames',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,codec_name,nb_read_frames',
    '-of',
    'json',
    file,
  ]);
  const stream = (JSON.parse(stdout) as { streams: Record<string, string | number>[] }).streams[0]!;
  return {
    width: Number(stream.width),
    height: Number(stream.height),
    codec: String(stream.codec_name),
    frames: Number(stream.nb_read_frames),
  };
}

/** A signed-in viewer whose 30-day free trial is running (what a new account gets), so features play. */
export async function trialViewer(app: AppInstance, phone: string): Promise<TestClient> {
  const client = await signedInViewer(app, phone);
  const ends = new Date(app.container.clock.now().getTime() + 30 * 86_400_000).toISOString();
  await app.container.database.db
    .updateTable('users')
    .set({ trial_ends_at: ends })
    .where('phone_number', '=', phone)
    .execute();
  return client;
}

/** Starts a playback session of a title, as the player does before it asks for any feature stream address. */
export async function startPlayback(client: TestClient, movieId: number): Promise<string> {
  const started = await client.post('/api/playback/start', { movie_id: movieId });
  if (started.statusCode !== 200)
    throw new Error(`playback did not start: ${started.statusCode} ${started.body}`);
  return started.json().playback_id as string;
}
