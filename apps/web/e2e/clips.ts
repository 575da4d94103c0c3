import { spawnSync } from 'node:child_process';
import path from 'node:path';

const FFMPEG = path.resolve(import.meta.dirname, '../../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg');

/**
 * A small H.264/AAC clip made by the npm-shipped ffmpeg (a tone over a test picture, or over a plain colour),
 * for uploads.
 */
export function makeClip(
  file: string,
  seconds: number,
  size = '320x180',
  pattern: 'testsrc2' | 'color' = 'testsrc2',
): string {
  const source =
    pattern === 'color' ? `color=c=0x3060a0:size=${size}:rate=24` : `testsrc2=size=${size}:rate=24`;
  const made = spawnSync(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', source, '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-shortest', file],
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`ffmpeg could not make ${file}: ${made.stderr}`);
  return file;
}
