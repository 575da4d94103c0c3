import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The security headers of every answer, in three sets chosen by address.
 *
 * Pages and the files they show (images, flags): what `@fastify/helmet` sends with our policy, written once here
 * rather than rebuilt per request as helmet's middleware does (bench/README.md).
 *
 * The app's scripts and styles: only what a subresource uses (no sniffing, same-origin loads, HSTS).
 *
 * API answers (JSON, playlists, segments) are read by scripts and never shown as a page: they carry the headers
 * that matter for such answers (OWASP's REST Security cheat sheet), with a policy that allows nothing and no
 * framing, stricter than the page set and a quarter of its bytes.
 *
 * Names are written in lower case, as Fastify keeps them: it lower-cases every name it is given, and a name
 * already in lower case costs that no new string.
 */
const PAGE_POLICY_DIRECTIVES = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data: blob:",
  "object-src 'none'",
  // The Cast sender SDK, which the player loads when its Cast button is used.
  "script-src 'self' https://www.gstatic.com",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  // hls.js gives each subtitle track an empty `data:,WEBVTT` source (its cues are added by script).
  "media-src 'self' blob: data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
];

const STRICT_TRANSPORT_SECURITY = [
  'strict-transport-security',
  'max-age=31536000; includeSubDomains',
] as const;
const NO_SNIFF = ['x-content-type-options', 'nosniff'] as const;
const SAME_ORIGIN_RESOURCE = ['cross-origin-resource-policy', 'same-origin'] as const;

type HeaderList = readonly (readonly [string, string])[];

/** The page set; `mediaOrigins` (a bucket, a CDN) are where browsers also fetch images and media from. */
export function pageSecurityHeaders(mediaOrigins: readonly string[] = []): HeaderList {
  const extra = mediaOrigins.length ? ` ${mediaOrigins.join(' ')}` : '';
  const policy = PAGE_POLICY_DIRECTIVES.map((directive) =>
    /^(img|media|connect)-src /.test(directive) ? `${directive}${extra}` : directive,
  ).join(';');
  return [
    ['content-security-policy', policy],
    ['cross-origin-opener-policy', 'same-origin'],
    SAME_ORIGIN_RESOURCE,
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'no-referrer'],
    STRICT_TRANSPORT_SECURITY,
    NO_SNIFF,
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
}

export const API_SECURITY_HEADERS: HeaderList = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  SAME_ORIGIN_RESOURCE,
  STRICT_TRANSPORT_SECURITY,
  NO_SNIFF,
  ['x-frame-options', 'DENY'],
];

/**
 * The app's own scripts and styles (`/static/js/`, `/static/css/`): loaded by its pages, never shown as one, so a
 * page's policy, framing and referrer rules do nothing on them; they keep what a subresource uses. Each page load
 * fetches a dozen of them, and the page set is about 700 bytes of each answer.
 */
export const APP_ASSET_SECURITY_HEADERS: HeaderList = [
  SAME_ORIGIN_RESOURCE,
  STRICT_TRANSPORT_SECURITY,
  NO_SNIFF,
];

/** API addresses; the OpenAPI viewer under /api/docs is a page. */
export function isApiAddress(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** The app's script and style files (the worker's script, `/sw.js`, is not one: its policy applies to it). */
export function isAppAssetAddress(url: string): boolean {
  return url.startsWith('/static/js/') || url.startsWith('/static/css/');
}

/** A set as sent over plain HTTP: without HSTS, which RFC 6797 (7.2) says is never sent there (browsers ignore it). */
export function overPlainHttp(headers: HeaderList): HeaderList {
  return headers.filter(([name]) => name !== STRICT_TRANSPORT_SECURITY[0]);
}

/**
 * Sets them on the reply first thing, so every answer has them (errors and 404s keep a reply's headers).
 * On the reply, not on the raw response: a response with no header of its own takes Node's fast path when Fastify
 * writes the head, which saves a real share of a small call's cost. A hijacked reply copies them itself
 * (`hijackWithHeaders`). HSTS goes out over HTTPS only (`request.protocol`, which believes a trusted proxy's
 * X-Forwarded-Proto).
 */
export function registerSecurityHeaders(app: FastifyInstance, mediaOrigins: readonly string[]): void {
  const pages = pageSecurityHeaders(mediaOrigins);
  const sets = {
    https: { api: API_SECURITY_HEADERS, asset: APP_ASSET_SECURITY_HEADERS, page: pages },
    http: {
      api: overPlainHttp(API_SECURITY_HEADERS),
      asset: overPlainHttp(APP_ASSET_SECURITY_HEADERS),
      page: overPlainHttp(pages),
    },
  };
  app.addHook('onRequest', (request, reply, done) => {
    const set = sets[request.protocol === 'https' ? 'https' : 'http'];
    const { url } = request;
    const headers = isApiAddress(url) ? set.api : isAppAssetAddress(url) ? set.asset : set.page;
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}

/** Takes the raw response over (tus writes it) with the headers set so far: the security set, a CSRF cookie. */
export function hijackWithHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) reply.raw.setHeader(name, value);
  reply.hijack();
}
