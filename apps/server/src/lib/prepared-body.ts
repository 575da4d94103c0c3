import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this size compression saves less than it costs the browser. */
const COMPRESS_FROM_BYTES = 1024;
// No cache of headers: a client could fill it with endless variants.
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * An answer serialised once and compressed at most once per encoding, for answers that are cached and sent many
 * times (the home rows, the translation record, the landing page's HTML). Browsers ask for br or gzip: 56 KB of
 * rows go out as about 5 KB.
 */
export class PreparedBody {
  readonly raw: Buffer;
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;

  constructor(
    text: string,
    readonly contentType: string,
  ) {
    this.raw = Buffer.from(text);
  }

  static json(json: string): PreparedBody {
    return new PreparedBody(json, JSON_TYPE);
  }

  /** The body for an Accept-Encoding header, and its Content-Encoding (none: the body as it is). */
  body(acceptEncoding: string | undefined): { body: Buffer; encoding?: 'br' | 'gzip' } {
    if (!acceptEncoding || this.raw.length < COMPRESS_FROM_BYTES) return { body: this.raw };
    const encoding = encodings.negotiate(acceptEncoding);
    if (encoding === 'br') {
      // Quality 5: most of brotli's gain at a few milliseconds, paid once per cached answer.
      this.br ??= brotliCompressSync(this.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      return { body: this.br, encoding };
    }
    if (encoding === 'gzip') {
      this.gzip ??= gzipSync(this.raw);
      return { body: this.gzip, encoding };
    }
    return { body: this.raw };
  }
}

/** Sends a prepared answer in the encoding the client accepts (routes keep their schema as documentation). */
export function sendPreparedBody(request: FastifyRequest, reply: FastifyReply, prepared: PreparedBody) {
  const { body, encoding } = prepared.body(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding').type(prepared.contentType);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
