import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../../lib/errors.js';

/** 1 MiB reads: far fewer reads and writes per segment than @fastify/static's 64 KB defaults (DESIGN.md). */
const HIGH_WATER_MARK = 1024 * 1024;

export interface ByteRange {
  start: number;
  end: number;
}

/** One `bytes=` range against a size; undefined for no (or a multi-part) range, 'unsatisfiable' when outside. */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Files above this are streamed from disk, never kept (a 6 s 1080p segment is 3-4 MB). */
const MAX_CACHED_FILE = 16 * 1024 * 1024;

interface CachedFile {
  bytes: Buffer;
  mtimeMs: number;
  /** When a stat last confirmed the file (Date.now()). */
  checkedAt: number;
}

/**
 * How long a kept file is answered without a new stat. Transcodes write every ladder under a new folder and
 * streaming reads the asset row on every request, so a kept file does not change under its name; the stat
 * only guards against a hand-replaced file, and a stat per request would be a trip through the thread pool on
 * the busiest route.
 */
const RECHECK_MS = 1000;

/**
 * Media files kept in memory, least recently used out first, up to a byte budget (MEDIA_MEMORY_CACHE_MB).
 * Many viewers of one title ask for the same segments within seconds: from memory each answer is one write
 * instead of reads through the thread pool (segments in bench/README.md). A kept file is checked against the
 * size and mtime of a fresh stat at most every `recheckMs`, so a replaced file is read again; concurrent first
 * requests share one read.
 */
export class MediaFileCache {
  private readonly files = new Map<string, CachedFile>();
  private readonly reading = new Map<string, Promise<CachedFile | undefined>>();
  private bytes = 0;

  constructor(
    private readonly budget: number,
    private readonly recheckMs = RECHECK_MS,
  ) {}

  /** A kept file confirmed by a stat less than `recheckMs` ago: it is answered without another. */
  recent(filePath: string): CachedFile | undefined {
    const kept = this.files.get(filePath);
    if (!kept || Date.now() - kept.checkedAt >= this.recheckMs) return undefined;
    this.touch(filePath, kept);
    return kept;
  }

  /** The whole file, from memory or read now; undefined when it is not to be kept (too big, no budget). */
  async get(filePath: string, stat: fs.Stats): Promise<Buffer | undefined> {
    if (this.budget === 0 || stat.size > Math.min(MAX_CACHED_FILE, this.budget)) return undefined;
    const kept = this.files.get(filePath);
    if (kept && kept.mtimeMs === stat.mtimeMs && kept.bytes.length === stat.size) {
      kept.checkedAt = Date.now();
      this.touch(filePath, kept);
      return kept.bytes;
    }
    let pending = this.reading.get(filePath);
    if (!pending) {
      pending = this.read(filePath, stat).finally(() => this.reading.delete(filePath));
      this.reading.set(filePath, pending);
    }
    return (await pending)?.bytes;
  }

  private async read(filePath: string, stat: fs.Stats): Promise<CachedFile | undefined> {
    // Gone or changed since the stat: keep nothing, and the request streams from disk as it would without us.
    const bytes = await fs.promises.readFile(filePath).catch(() => undefined);
    if (!bytes || bytes.length !== stat.size) return undefined;
    this.forget(filePath);
    this.files.set(filePath, { bytes, mtimeMs: stat.mtimeMs, checkedAt: Date.now() });
    this.bytes += bytes.length;
    for (const [oldest, file] of this.files) {
      if (this.bytes <= this.budget) break;
      this.files.delete(oldest);
      this.bytes -= file.bytes.length;
    }
    return { bytes, mtimeMs: stat.mtimeMs, checkedAt: Date.now() };
  }

  /** Most recently used last: the budget drops from the front. */
  private touch(filePath: string, kept: CachedFile): void {
    this.files.delete(filePath);
    this.files.set(filePath, kept);
  }

  private forget(filePath: string): void {
    const old = this.files.get(filePath);
    if (!old) return;
    this.files.delete(filePath);
    this.bytes -= old.bytes.length;
  }

  /** Bytes held now (for the tests). */
  get size(): number {
    return this.bytes;
  }
}

/** A media file as the memory cache confirmed it lately, else its fresh stat; 404 when it is not a file. */
async function findMediaFile(
  filePath: string,
  memory: MediaFileCache | undefined,
): Promise<{ recent: CachedFile } | { stat: fs.Stats }> {
  const recent = memory?.recent(filePath);
  if (recent) return { recent };
  const stat = await fs.promises.stat(filePath).catch(() => undefined);
  if (!stat?.isFile()) throw notFound('This file is gone');
  return { stat };
}

/** A whole media file's bytes, from the memory cache where it fits; 404 when it is not there. */
export async function readMediaFile(filePath: string, memory: MediaFileCache | undefined): Promise<Buffer> {
  const found = await findMediaFile(filePath, memory);
  if ('recent' in found) return found.recent.bytes;
  const bytes =
    (await memory?.get(filePath, found.stat)) ??
    (await fs.promises.readFile(filePath).catch(() => undefined));
  if (!bytes) throw notFound('This file is gone');
  return bytes;
}

/** Told of each media file answered: how it went out and the bytes the app sent itself. */
export interface SegmentCounter {
  served(delivery: 'app' | 'accel' | 'bucket', sent: number): void;
}

/**
 * Sends a media file: Range requests (206 with Content-Range), Accept-Ranges, the given type and caching;
 * with an accel prefix, nginx sends the bytes (X-Accel-Redirect) after we authorised the request; otherwise
 * from the memory cache when the file fits, else streamed from disk.
 */
export async function sendMediaFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { path: string; relativeKey: string; contentType: string; cacheControl: string },
  {
    accelPrefix,
    memory,
    segments,
  }: { accelPrefix: string | undefined; memory?: MediaFileCache | undefined; segments?: SegmentCounter },
): Promise<FastifyReply> {
  reply
    .header('content-type', file.contentType)
    .header('cache-control', file.cacheControl)
    .header('accept-ranges', 'bytes');
  if (accelPrefix) {
    segments?.served('accel', 0);
    return reply.header('x-accel-redirect', `${accelPrefix}${file.relativeKey}`).send('');
  }
  const found = await findMediaFile(file.path, memory);
  const { size, mtimeMs } =
    'recent' in found ? { size: found.recent.bytes.length, mtimeMs: found.recent.mtimeMs } : found.stat;
  reply.header('last-modified', new Date(mtimeMs).toUTCString());
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send('');
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
  reply.header('content-length', String(Math.max(0, end - start + 1)));
  if (request.method === 'HEAD' || size === 0) return reply.send('');
  segments?.served('app', end - start + 1);
  const whole = 'recent' in found ? found.recent.bytes : await memory?.get(file.path, found.stat);
  if (whole) return reply.send(range ? whole.subarray(start, end + 1) : whole);
  return reply.send(fs.createReadStream(file.path, { start, end, highWaterMark: HIGH_WATER_MARK }));
}
