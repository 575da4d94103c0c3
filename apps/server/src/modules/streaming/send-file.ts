import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/errors.js';

/** 1 MiB reads: measured 5x the throughput of @fastify/static's defaults on this machine (DESIGN.md). */
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

/**
 * Sends a media file: Range requests (206 with Content-Range), Accept-Ranges, the given type and caching;
 * with an accel prefix, nginx sends the bytes (X-Accel-Redirect) after we authorised the request.
 */
export async function sendMediaFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { path: string; relativeKey: string; contentType: string; cacheControl: string },
  accelPrefix: string | undefined,
): Promise<FastifyReply> {
  reply
    .header('content-type', file.contentType)
    .header('cache-control', file.cacheControl)
    .header('accept-ranges', 'bytes');
  if (accelPrefix) {
    return reply.header('x-accel-redirect', `${accelPrefix}${file.relativeKey}`).send('');
  }
  let stat: fs.Stats;
  try {
    stat = await fs.promises.stat(file.path);
  } catch {
    throw notFound('This file is gone');
  }
  if (!stat.isFile()) throw notFound('This file is gone');
  reply.header('last-modified', stat.mtime.toUTCString());
  const range = parseRange(request.headers.range, stat.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${stat.size}`).send('');
  }
  const { start, end } = range ?? { start: 0, end: stat.size - 1 };
  if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${stat.size}`);
  reply.header('content-length', String(Math.max(0, end - start + 1)));
  if (request.method === 'HEAD' || stat.size === 0) return reply.send('');
  return reply.send(fs.createReadStream(file.path, { start, end, highWaterMark: HIGH_WATER_MARK }));
}
