import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVariantPlaylist, segmentName } from '../../../lib/hls.js';
import { binaries, makeClip } from '../../../test/media-kit.js';
import {
  type Fragment,
  packageRendition,
  planSegments,
  readFragment,
  type TrackInfo,
} from './fragmented-mp4.js';
import { FRAGMENTED_FILE, renditionOutputArgs, segmentStartSeconds } from './ladder.js';
import { FfmpegError } from './run-ffmpeg.js';

const run = promisify(execFile);

function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

const u32 = (...values: number[]) => {
  const out = Buffer.alloc(4 * values.length);
  for (const [i, value] of values.entries()) out.writeUInt32BE(value >>> 0, 4 * i);
  return out;
};

const SYNC = 0x02000000;
const NON_SYNC = 0x01010000;
const video: TrackInfo = {
  id: 1,
  timescale: 1000,
  handler: 'vide',
  defaultDuration: 40,
  defaultFlags: NON_SYNC,
};

interface TrafSpec {
  id: number;
  decodeTime: number;
  durations: number[];
  firstFlags?: number;
  flags?: number[];
  /** Composition offsets per sample; a negative one makes a version 1 trun, as ffmpeg writes it. */
  offsets?: number[];
}

/** The boxes the packager reads, in the layouts ffmpeg writes them (defaults in tfhd, fields per sample). */
function moof(trafs: TrafSpec[]) {
  return box(
    'moof',
    box('mfhd', u32(0, 1)),
    ...trafs.map((traf) => {
      const tfhd = box('tfhd', u32(0x020008, traf.id, 40, NON_SYNC));
      const tfdt = box('tfdt', u32(0, traf.decodeTime));
      let trunFlags = 0x01 | 0x100;
      if (traf.firstFlags !== undefined) trunFlags |= 0x04;
      if (traf.flags) trunFlags |= 0x400;
      if (traf.offsets) trunFlags |= 0x800;
      const version = traf.offsets?.some((offset) => offset < 0) ? 1 : 0;
      const fields = traf.durations.flatMap((duration, i) => [
        duration,
        ...(traf.flags ? [traf.flags[i]!] : []),
        ...(traf.offsets ? [traf.offsets[i]!] : []),
      ]);
      const head = traf.firstFlags === undefined ? [0] : [0, traf.firstFlags];
      const trun = box('trun', u32((version << 24) | trunFlags, traf.durations.length, ...head, ...fields));
      return box('traf', tfhd, tfdt, trun);
    }),
  );
}

describe('fragment headers', () => {
  it('reads when a fragment starts and shows, how long it lasts and whether it opens on a keyframe', () => {
    const runs = readFragment(
      moof([
        { id: 1, decodeTime: 6000, durations: [40, 40, 40], firstFlags: SYNC, offsets: [80, 0, 40] },
        { id: 2, decodeTime: 288000, durations: [1024, 1024], flags: [0, 0] },
      ]),
      [video, { id: 2, timescale: 48000, handler: 'soun', defaultDuration: 1024, defaultFlags: 0 }],
    );
    expect(runs.get(1)).toEqual({
      decodeTime: 6000,
      presentationTime: 6080,
      duration: 120,
      startsWithSync: true,
    });
    expect(runs.get(2)).toEqual({
      decodeTime: 288000,
      presentationTime: 288000,
      duration: 2048,
      startsWithSync: true,
    });
    const inner = readFragment(
      moof([
        { id: 1, decodeTime: 6500, durations: [40, 40], flags: [NON_SYNC, NON_SYNC], offsets: [-40, 0] },
      ]),
      [video],
    );
    expect(inner.get(1)).toMatchObject({ presentationTime: 6460, startsWithSync: false });
    expect(() => readFragment(box('mdat', u32(1)), [video])).toThrow(FfmpegError);
  });

  it('starts each segment at the first keyframe shown at its start, never at one in between', () => {
    const fragment = (start: number, seconds: number, sync: boolean): Fragment => ({
      start,
      end: start + 100,
      // Decoded two frames before it shows, as with B-frames.
      runs: new Map([
        [
          1,
          {
            decodeTime: seconds * 1000 - 80,
            presentationTime: seconds * 1000,
            duration: 500,
            startsWithSync: sync,
          },
        ],
      ]),
    });
    const fragments = [
      fragment(0, 0, true),
      fragment(100, 0.25, false),
      fragment(200, 0.48, true), // the keyframe forced at 0.5 s (its timestamp rounded down)
      fragment(300, 2, true), // the keyframe forced at 2 s
      fragment(400, 3, true), // GOP keyframes inside the third segment
      fragment(500, 5, true),
      fragment(600, 6, true), // the keyframe forced at 6 s
      fragment(700, 8, true),
      { start: 800, end: 850, runs: new Map() }, // sound only at the very end
    ];
    expect([0, 1, 2, 3, 4, 5].map(segmentStartSeconds)).toEqual([0, 0.5, 2, 6, 12, 18]);
    const segments = planSegments(fragments, video, segmentStartSeconds, segmentName);
    expect(segments).toEqual([
      // Durations are the sum of the fragments' own (0.5 s each here).
      { start: 0, end: 200, duration: 1, uri: 'seg_00000.m4s' },
      { start: 200, end: 300, duration: 0.5, uri: 'seg_00001.m4s' },
      { start: 300, end: 600, duration: 1.5, uri: 'seg_00002.m4s' },
      { start: 600, end: 850, duration: 1, uri: 'seg_00003.m4s' },
    ]);
  });
});

describe('packaging a rendition for HLS', () => {
  let dir: string;
  let ffprobe: string;

  /** A 13 s clip through the ladder's own encoder and muxer settings. */
  async function fragmentedRendition(name: string): Promise<string> {
    const clip = path.join(dir, 'clip.mp4');
    if (!fs.existsSync(clip))
      await makeClip(dir, 'clip', { seconds: 13, width: 128, height: 72, pattern: 'color' });
    const rendition = { height: 72, videoKbps: 200, dir: name };
    fs.mkdirSync(path.join(dir, name));
    const { ffmpeg } = await binaries();
    await run(ffmpeg.path, ['-v', 'error', '-y', '-i', clip, ...renditionOutputArgs(rendition, 50)], {
      cwd: dir,
    });
    return path.join(dir, name);
  }

  const boxTypes = (data: Buffer) => {
    const types: string[] = [];
    for (let offset = 0; offset + 8 <= data.length; offset += data.readUInt32BE(offset)) {
      types.push(data.toString('latin1', offset + 4, offset + 8));
    }
    return types;
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-fmp4-'));
    ffprobe = (await binaries()).ffprobe.path;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes init.mp4, short segments of 0.5, 1.5 and 4 s then 6 s ones opening on keyframes, and the playlist', async () => {
    const rendition = await fragmentedRendition('r1');
    const segments = await packageRendition(rendition, FRAGMENTED_FILE, segmentStartSeconds);

    expect(segments.map((s) => s.uri)).toEqual([
      'seg_00000.m4s',
      'seg_00001.m4s',
      'seg_00002.m4s',
      'seg_00003.m4s',
      'seg_00004.m4s',
    ]);
    expect(segments.map((s) => Math.round(s.duration * 10) / 10)).toEqual([0.5, 1.5, 4, 6, 1]);
    expect(fs.readdirSync(rendition).sort()).toEqual([
      'index.m3u8',
      'init.mp4',
      ...segments.map((s) => s.uri),
    ]);
    expect(parseVariantPlaylist(fs.readFileSync(path.join(rendition, 'index.m3u8'), 'utf8'))).toEqual({
      initUri: 'init.mp4',
      segments,
    });

    expect(boxTypes(fs.readFileSync(path.join(rendition, 'init.mp4')))).toEqual(['ftyp', 'moov']);
    for (const segment of segments) {
      const types = boxTypes(fs.readFileSync(path.join(rendition, segment.uri)));
      expect(types[0]).toBe('moof');
      expect(types.every((type) => type === 'moof' || type === 'mdat')).toBe(true);
      // One fragment per GOP: keyframes at 0, 0.5, 2, 4, 6, 8, 10, 12 s.
      expect(types.filter((type) => type === 'moof').length).toBe(
        { 0.5: 1, 1.5: 1, 4: 2, 6: 3, 1: 1 }[Math.round(segment.duration * 10) / 10],
      );
      const joined = `concat:${path.join(rendition, 'init.mp4')}|${path.join(rendition, segment.uri)}`;
      const { stdout } = await run(ffprobe, [
        ...['-v', 'error', '-select_streams', 'v', '-read_intervals', '%+#1'],
        ...['-show_entries', 'frame=key_frame', '-of', 'csv=p=0', joined],
      ]);
      expect(stdout.trim().split('\n')[0]).toMatch(/^1(,|$)/);
    }
  });

  it('refuses a cut-short file and writes nothing', async () => {
    const rendition = await fragmentedRendition('r2');
    const file = path.join(rendition, FRAGMENTED_FILE);
    const data = fs.readFileSync(file);
    fs.writeFileSync(file, data.subarray(0, Math.floor(data.length / 2)));
    await expect(packageRendition(rendition, FRAGMENTED_FILE, segmentStartSeconds)).rejects.toThrow(
      FfmpegError,
    );
    expect(fs.readdirSync(rendition)).toEqual([FRAGMENTED_FILE]);
  });
});
