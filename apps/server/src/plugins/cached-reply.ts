import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BoundedMap } from '../lib/bounded-map.js';

/** Below this size compression saves less than it costs the browser. */
const COMPRESS_FROM_BYTES = 1024;
/**
 * Up to this size brotli's best quality pays: the translation record (about 18 KB), which every visit asks for, is
 * compressed once per version at it, a tenth smaller than at quality 5.
 */
const BEST_QUALITY_UP_TO_BYTES = 32 * 1024;
type Encoding = 'br' | 'gzip';
// Accept-Encoding values already negotiated: browsers send a handful of distinct ones, and parsing one costs more
// than the look-up; bounded, so a client sending endless variants cannot grow it.
const encodings = new Negotiator<Encoding>({
  supportedValues: ['br', 'gzip'],
  cache: new BoundedMap<string, string>(64),
});

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
  private tag: string | undefined;
  /** The reply schemas this body was found to match: checked once per body, not once per request. */
  private readonly matched = new WeakSet<object>();

  constructor(
    text: string,
    readonly contentType: string,
  ) {
    this.raw = Buffer.from(text);
  }

  static json(json: string): PreparedBody {
    return new PreparedBody(json, JSON_TYPE);
  }

  /**
   * Throws unless the body matches `schema` (a route's zod reply schema), as Fastify's serialiser would for an
   * answer it writes itself: a cached answer is held to its route's schema too.
   */
  assertMatches(schema: ReplySchema): void {
    if (this.matched.has(schema)) return;
    schema.parse(JSON.parse(this.raw.toString()));
    this.matched.add(schema);
  }

  /**
   * A validator of the answer (the same on every instance). Weak: the br, gzip and plain bodies of one answer
   * are the same answer in different encodings, which a strong tag would have to tell apart.
   */
  get etag(): string {
    this.tag ??= `W/"${createHash('sha1').update(this.raw).digest('base64url')}"`;
    return this.tag;
  }

  /** The body for an Accept-Encoding header, and its Content-Encoding (none: the body as it is). */
  body(acceptEncoding: string | undefined): { body: Buffer; encoding?: Encoding } {
    if (!acceptEncoding || this.raw.length < COMPRESS_FROM_BYTES) return { body: this.raw };
    const encoding = encodings.negotiate(acceptEncoding);
    if (encoding === 'br') {
      // Paid once per cached answer. Above the limit quality 5: most of brotli's gain in a few milliseconds.
      const quality = this.raw.length <= BEST_QUALITY_UP_TO_BYTES ? constants.BROTLI_MAX_QUALITY : 5;
      this.br ??= brotliCompressSync(this.raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
        },
      });
      return { body: this.br, encoding };
    }
    if (encoding === 'gzip') {
      this.gzip ??= gzipSync(this.raw);
      return { body: this.gzip, encoding };
    }
    return { body: this.raw };
  }
}

/** A route's zod schema of its 200 answer, as fastify-type-provider-zod keeps it. */
interface ReplySchema {
  parse(value: unknown): unknown;
}

function replySchemaOf(request: FastifyRequest): ReplySchema | undefined {
  const schema = (request.routeOptions.schema?.response as Record<string, unknown> | undefined)?.[200];
  return schema && typeof (schema as Partial<ReplySchema>).parse === 'function'
    ? (schema as ReplySchema)
    : undefined;
}

/** Whether an If-None-Match header names this tag, by weak comparison (RFC 9110 13.1.2): a list, or `*`. */
function namesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === opaque;
  });
}

/**
 * Sends a prepared answer in the encoding the client accepts, with its ETag; a GET or HEAD that already holds it
 * (If-None-Match) gets 304 without a body. A JSON answer is checked against the route's reply schema the first
 * time it is sent (it is cached, so once per change): a mismatch is a 500, never a wrong answer.
 */
export function sendPreparedBody(request: FastifyRequest, reply: FastifyReply, prepared: PreparedBody) {
  const schema = prepared.contentType === JSON_TYPE ? replySchemaOf(request) : undefined;
  if (schema) prepared.assertMatches(schema);
  const { etag } = prepared;
  reply.header('vary', 'accept-encoding').header('etag', etag);
  if (
    (request.method === 'GET' || request.method === 'HEAD') &&
    namesTag(request.headers['if-none-match'], etag)
  ) {
    return reply.code(304).send();
  }
  const { body, encoding } = prepared.body(request.headers['accept-encoding']);
  reply.type(prepared.contentType);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

/** Prepared answers by the data they were made from (dropped with it). */
const preparedReplies = new WeakMap<object, PreparedBody>();

/**
 * The route-level speed layer: sends `data` as JSON, serialised, schema-checked and compressed once per object.
 * A service hands out the same object for as long as its data is unchanged (kept per version counter, see
 * db/version-counter.ts), so a cached answer costs a request a look-up here, and a new version a new object.
 */
export function sendCachedReply(request: FastifyRequest, reply: FastifyReply, data: object) {
  let prepared = preparedReplies.get(data);
  if (!prepared) {
    prepared = PreparedBody.json(JSON.stringify(data));
    preparedReplies.set(data, prepared);
  }
  return sendPreparedBody(request, reply, prepared);
}
