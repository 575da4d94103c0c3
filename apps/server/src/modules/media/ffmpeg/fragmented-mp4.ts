/**
 * Packages one rendition for HLS from ffmpeg's fragmented MP4 (one fragment per GOP): the init segment
 * (ftyp + moov), media segments that start at the keyframes `segmentStartSeconds` names, and the variant playlist.
 * ffmpeg 4.1's HLS muxer cannot make a first segment shorter than the rest (its `-hls_init_time` shortens every
 * segment of a VOD playlist), and a short first segment is what lets playback start early.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { openFileSink } from '../../../lib/file-sink.js';
import {
  INIT_SEGMENT,
  segmentName,
  VARIANT_PLAYLIST,
  type VariantSegment,
  variantPlaylist,
} from '../../../lib/hls.js';
import { FfmpegError } from './run-ffmpeg.js';

/** ISO BMFF sample flags: sample_is_non_sync_sample. */
const NON_SYNC_SAMPLE = 0x10000;
/** moov and moof are read whole; anything larger is not what ffmpeg writes. */
const MAX_HEADER_BOX = 16 * 1024 * 1024;
/** A keyframe this close before a segment's start opens it (timestamps rounded to the track's timescale). */
const BOUNDARY_TOLERANCE_SECONDS = 0.25;

interface Box {
  type: string;
  /** Offset of the box (its header) in the buffer or file. */
  start: number;
  /** Offset of its payload. */
  body: number;
  end: number;
}

/** The box whose header is at `bytes[at]`: at `position` in its file or buffer, which it must not pass `limit`. */
function boxHeader(bytes: Buffer, at: number, position: number, limit: number): Box {
  let size = bytes.readUInt32BE(at);
  let body = position + 8;
  if (size === 1) {
    if (bytes.length < at + 16) throw new FfmpegError('The fragmented MP4 has a broken box');
    size = Number(bytes.readBigUInt64BE(at + 8));
    body = position + 16;
  } else if (size === 0) {
    size = limit - position;
  }
  if (size < body - position || position + size > limit)
    throw new FfmpegError('The fragmented MP4 has a broken box');
  return { type: bytes.toString('latin1', at + 4, at + 8), start: position, body, end: position + size };
}

/** The boxes laid one after another in `buffer` between `start` and `end`. */
function childBoxes(buffer: Buffer, start = 0, end = buffer.length): Box[] {
  const boxes: Box[] = [];
  for (let offset = start; offset + 8 <= end; ) {
    const box = boxHeader(buffer, offset, offset, end);
    boxes.push(box);
    offset = box.end;
  }
  return boxes;
}

function child(buffer: Buffer, parent: Box, type: string): Box | undefined {
  return childBoxes(buffer, parent.body, parent.end).find((box) => box.type === type);
}

export interface TrackInfo {
  id: number;
  timescale: number;
  handler: string;
  defaultDuration: number;
  defaultFlags: number;
}

/** Tracks of the init segment's moov: id, timescale, handler ('vide', 'soun') and the trex defaults. */
export function readTracks(moov: Buffer): TrackInfo[] {
  const [root] = childBoxes(moov);
  if (root?.type !== 'moov') throw new FfmpegError('The fragmented MP4 has no moov');
  const defaults = new Map<number, { duration: number; flags: number }>();
  const mvex = child(moov, root, 'mvex');
  for (const trex of mvex ? childBoxes(moov, mvex.body, mvex.end) : []) {
    if (trex.type !== 'trex') continue;
    defaults.set(moov.readUInt32BE(trex.body + 4), {
      duration: moov.readUInt32BE(trex.body + 12),
      flags: moov.readUInt32BE(trex.body + 20),
    });
  }
  const tracks: TrackInfo[] = [];
  for (const trak of childBoxes(moov, root.body, root.end)) {
    if (trak.type !== 'trak') continue;
    const tkhd = child(moov, trak, 'tkhd');
    const mdia = child(moov, trak, 'mdia');
    const mdhd = mdia && child(moov, mdia, 'mdhd');
    const hdlr = mdia && child(moov, mdia, 'hdlr');
    if (!tkhd || !mdhd || !hdlr) throw new FfmpegError('The fragmented MP4 has an incomplete track');
    const id = moov.readUInt32BE(tkhd.body + (moov[tkhd.body] === 1 ? 20 : 12));
    const timescale = moov.readUInt32BE(mdhd.body + (moov[mdhd.body] === 1 ? 20 : 12));
    const handler = moov.toString('latin1', hdlr.body + 8, hdlr.body + 12);
    const trex = defaults.get(id) ?? { duration: 0, flags: 0 };
    tracks.push({ id, timescale, handler, defaultDuration: trex.duration, defaultFlags: trex.flags });
  }
  return tracks;
}

export interface TrackRun {
  /** baseMediaDecodeTime, in the track's timescale. */
  decodeTime: number;
  /** When the first sample shows: its decode time plus its composition offset. */
  presentationTime: number;
  /** Sum of the sample durations, in the track's timescale. */
  duration: number;
  /** Whether the first sample is a sync sample (a keyframe). */
  startsWithSync: boolean;
}

/** Per track of one moof: where its samples start, how long they last, whether they open with a keyframe. */
export function readFragment(moof: Buffer, tracks: readonly TrackInfo[]): Map<number, TrackRun> {
  const [root] = childBoxes(moof);
  if (root?.type !== 'moof') throw new FfmpegError('The fragmented MP4 has no moof where one belongs');
  const runs = new Map<number, TrackRun>();
  for (const traf of childBoxes(moof, root.body, root.end)) {
    if (traf.type !== 'traf') continue;
    const tfhd = child(moof, traf, 'tfhd');
    if (!tfhd) throw new FfmpegError('The fragmented MP4 has a fragment without tfhd');
    const tfhdFlags = moof.readUInt32BE(tfhd.body) & 0xffffff;
    const trackId = moof.readUInt32BE(tfhd.body + 4);
    const track = tracks.find((t) => t.id === trackId);
    let cursor = tfhd.body + 8;
    if (tfhdFlags & 0x01) cursor += 8;
    if (tfhdFlags & 0x02) cursor += 4;
    let defaultDuration = track?.defaultDuration ?? 0;
    let defaultFlags = track?.defaultFlags ?? 0;
    if (tfhdFlags & 0x08) {
      defaultDuration = moof.readUInt32BE(cursor);
      cursor += 4;
    }
    if (tfhdFlags & 0x10) cursor += 4;
    if (tfhdFlags & 0x20) defaultFlags = moof.readUInt32BE(cursor);

    const tfdt = child(moof, traf, 'tfdt');
    const decodeTime = !tfdt
      ? 0
      : moof[tfdt.body] === 1
        ? Number(moof.readBigUInt64BE(tfdt.body + 4))
        : moof.readUInt32BE(tfdt.body + 4);
    let duration = 0;
    let firstFlags: number | undefined;
    let firstOffset = 0;
    for (const trun of childBoxes(moof, traf.body, traf.end)) {
      if (trun.type !== 'trun') continue;
      const signedOffsets = moof[trun.body] === 1;
      const flags = moof.readUInt32BE(trun.body) & 0xffffff;
      const count = moof.readUInt32BE(trun.body + 4);
      let at = trun.body + 8;
      if (flags & 0x01) at += 4;
      let firstSampleFlags: number | undefined;
      if (flags & 0x04) {
        firstSampleFlags = moof.readUInt32BE(at);
        at += 4;
      }
      const fieldBytes = 4 * [0x100, 0x200, 0x400, 0x800].filter((bit) => flags & bit).length;
      if (at + count * fieldBytes > trun.end) throw new FfmpegError('The fragmented MP4 has a short trun');
      for (let i = 0; i < count; i++) {
        let field = at + i * fieldBytes;
        let sampleDuration = defaultDuration;
        if (flags & 0x100) {
          sampleDuration = moof.readUInt32BE(field);
          field += 4;
        }
        if (flags & 0x200) field += 4;
        if (firstFlags === undefined) {
          firstFlags = firstSampleFlags ?? (flags & 0x400 ? moof.readUInt32BE(field) : defaultFlags);
          if (flags & 0x400) field += 4;
          if (flags & 0x800) firstOffset = signedOffsets ? moof.readInt32BE(field) : moof.readUInt32BE(field);
        }
        duration += sampleDuration;
      }
    }
    if (firstFlags === undefined) continue;
    runs.set(trackId, {
      decodeTime,
      presentationTime: decodeTime + firstOffset,
      duration,
      startsWithSync: (firstFlags & NON_SYNC_SAMPLE) === 0,
    });
  }
  return runs;
}

export interface Fragment {
  /** Byte range in the file: the moof and what follows it up to the next moof. */
  start: number;
  end: number;
  runs: Map<number, TrackRun>;
}

export interface PlannedSegment extends VariantSegment {
  start: number;
  end: number;
}

/**
 * Groups fragments into segments: a new one at the first fragment whose video opens with a keyframe shown at the
 * next segment's start or later (times from the first picture), as ffmpeg's HLS muxer cuts.
 */
export function planSegments(
  fragments: readonly Fragment[],
  reference: TrackInfo,
  startOf: (index: number) => number,
  name: (index: number) => string,
): PlannedSegment[] {
  // Durations are summed in the reference track's ticks, then turned into seconds.
  const segments: PlannedSegment[] = [];
  const origin =
    fragments.find((f) => f.runs.has(reference.id))?.runs.get(reference.id)?.presentationTime ?? 0;
  for (const fragment of fragments) {
    const run = fragment.runs.get(reference.id);
    const seconds = run ? (run.presentationTime - origin) / reference.timescale : 0;
    const boundary = startOf(segments.length) - BOUNDARY_TOLERANCE_SECONDS;
    if (segments.length === 0 || (run?.startsWithSync && seconds >= boundary)) {
      segments.push({ start: fragment.start, end: fragment.end, duration: 0, uri: name(segments.length) });
    }
    const segment = segments.at(-1)!;
    segment.end = fragment.end;
    segment.duration += run?.duration ?? 0;
  }
  return segments.map((segment) => ({ ...segment, duration: segment.duration / reference.timescale }));
}

async function readAt(file: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Top-level box headers of a file, without reading the payloads. */
async function topLevelBoxes(file: fs.FileHandle): Promise<Box[]> {
  const { size } = await file.stat();
  const boxes: Box[] = [];
  for (let offset = 0; offset + 8 <= size; ) {
    const box = boxHeader(await readAt(file, offset, 16), 0, offset, size);
    boxes.push(box);
    offset = box.end;
  }
  return boxes;
}

async function readBox(file: fs.FileHandle, box: Box): Promise<Buffer> {
  if (box.end - box.start > MAX_HEADER_BOX)
    throw new FfmpegError(`The fragmented MP4's ${box.type} is too large`);
  return readAt(file, box.start, box.end - box.start);
}

async function copyRange(source: string, start: number, end: number, target: string): Promise<void> {
  if (end <= start) throw new FfmpegError('The fragmented MP4 has an empty segment');
  const sink = await openFileSink(target);
  await pipeline(createReadStream(source, { start, end: end - 1 }), sink);
}

/**
 * Turns `dir/<fragmented>` into `dir/init.mp4`, `dir/seg_00000.m4s`… and `dir/index.m3u8`, then removes the
 * fragmented file. Returns the segments written.
 */
export async function packageRendition(
  dir: string,
  fragmented: string,
  startOf: (index: number) => number,
): Promise<VariantSegment[]> {
  const source = path.join(dir, fragmented);
  const file = await fs.open(source, 'r');
  let segments: PlannedSegment[];
  let initEnd: number;
  try {
    const boxes = await topLevelBoxes(file);
    const moovBox = boxes.find((box) => box.type === 'moov');
    if (!moovBox) throw new FfmpegError('The fragmented MP4 has no moov');
    initEnd = moovBox.end;
    const tracks = readTracks(await readBox(file, moovBox));
    const reference = tracks.find((track) => track.handler === 'vide') ?? tracks[0];
    if (!reference || reference.timescale <= 0)
      throw new FfmpegError('The fragmented MP4 has no usable track');
    const fragments: Fragment[] = [];
    for (const box of boxes) {
      if (box.start < initEnd || box.type === 'mfra') continue;
      if (box.type === 'moof') {
        fragments.push({
          start: box.start,
          end: box.end,
          runs: readFragment(await readBox(file, box), tracks),
        });
      } else if (fragments.length > 0) {
        fragments.at(-1)!.end = box.end;
      }
    }
    segments = planSegments(fragments, reference, startOf, segmentName);
  } finally {
    await file.close();
  }
  if (segments.length === 0) throw new FfmpegError('The fragmented MP4 has no fragments');
  await copyRange(source, 0, initEnd, path.join(dir, INIT_SEGMENT));
  for (const segment of segments)
    await copyRange(source, segment.start, segment.end, path.join(dir, segment.uri));
  const written = segments.map(({ duration, uri }) => ({ duration, uri }));
  await fs.writeFile(path.join(dir, VARIANT_PLAYLIST), variantPlaylist(INIT_SEGMENT, written));
  await fs.rm(source);
  return written;
}
