import type { IncomingMessage, Server, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { HttpTimeouts } from '../config.js';
import { API_SECURITY_HEADERS, overPlainHttp } from './security-headers.js';

/**
 * How long a client may take, and what a request the framework cannot read gets back.
 *
 * - Headers: `headersTimeout`, checked every `connectionsCheckingInterval` (Node's default of 30 s would let a
 *   slowloris hold a connection that much longer than the limit).
 * - The whole request: `requestTimeout`. Video goes up through the resumable upload in 16 MiB chunks (the web
 *   app's tus client), which arrive within the default 10 minutes on any line above about 250 kbit/s; a chunk that
 *   is cut keeps what arrived (tus answers the new offset) and the client sends the rest. A multipart upload
 *   (`/api/movie/add`) is one request and must arrive within it too: big files go through the resumable path.
 * - Silence: `closeSilentConnections` closes a connection with a request on it on which nothing moves (a body that
 *   stopped half-way, a reader that stopped reading), whatever the request's age; `keepAliveTimeout` an idle
 *   kept-alive one.
 */
export function httpServerOptions(
  timeouts: HttpTimeouts,
): Pick<
  FastifyServerOptions,
  'keepAliveTimeout' | 'requestTimeout' | 'clientErrorHandler' | 'frameworkErrors'
> & { http: ServerOptions } {
  const headersMs = timeouts.headersSeconds * 1000;
  return {
    keepAliveTimeout: timeouts.keepAliveSeconds * 1000,
    requestTimeout: timeouts.requestSeconds * 1000,
    http: {
      headersTimeout: headersMs,
      connectionsCheckingInterval: Math.min(5000, Math.max(250, Math.floor(headersMs / 4))),
    },
    clientErrorHandler,
    frameworkErrors,
  };
}

type TrackedSocket = Socket & { _httpMessage?: object | null };

/**
 * Closes a connection that has a request on it (one being read or answered) and on which no byte has moved either
 * way for `idleMs`. Read by a sweep every quarter of the limit from the sockets' byte counts, not by a socket
 * timeout: Node re-arms a socket's timer on every read and write, a real share of a small call's cost. An idle
 * kept-alive connection (no request on it) is left to `keepAliveTimeout`.
 */
export function closeSilentConnections(server: Server, idleMs: number): void {
  const moved = new Map<TrackedSocket, { bytes: number; at: number }>();
  server.on('connection', (socket: TrackedSocket) => {
    moved.set(socket, { bytes: 0, at: Date.now() });
    socket.once('close', () => moved.delete(socket));
  });
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [socket, last] of moved) {
        const bytes = socket.bytesRead + socket.bytesWritten;
        if (bytes !== last.bytes || !socket._httpMessage) {
          last.bytes = bytes;
          last.at = now;
        } else if (now - last.at >= idleMs) {
          socket.destroy();
        }
      }
    },
    Math.max(100, Math.floor(idleMs / 4)),
  );
  sweep.unref();
  server.once('close', () => clearInterval(sweep));
}

type ErrorAnswer = readonly [status: number, reason: string, code: string, message: string];

const REQUEST_TIMEOUT: ErrorAnswer = [
  408,
  'Request Timeout',
  'timeout',
  'The request took too long to arrive',
];
const HEADERS_TOO_LARGE: ErrorAnswer = [
  431,
  'Request Header Fields Too Large',
  'headers_too_large',
  'The request headers are too large',
];
const UNREADABLE: ErrorAnswer = [400, 'Bad Request', 'bad_request', 'The request is not valid'];

/** The whole answer, written once per kind: the app's error format with the API's security headers. */
function rawAnswer([status, reason, code, message]: ErrorAnswer, https: boolean): Buffer {
  const body = JSON.stringify({ error: { code, message } });
  const headers = (https ? API_SECURITY_HEADERS : overPlainHttp(API_SECURITY_HEADERS))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return Buffer.from(
    `HTTP/1.1 ${status} ${reason}\r\n${headers}cache-control: no-store\r\nconnection: close\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

const answers = new Map<string, { http: Buffer; https: Buffer }>(
  [
    ['ERR_HTTP_REQUEST_TIMEOUT', REQUEST_TIMEOUT],
    ['HPE_HEADER_OVERFLOW', HEADERS_TOO_LARGE],
    ['unreadable', UNREADABLE],
  ].map(([key, answer]) => [
    key as string,
    { http: rawAnswer(answer as ErrorAnswer, false), https: rawAnswer(answer as ErrorAnswer, true) },
  ]),
);

/**
 * A request Node's parser refused (headers too large, malformed) or that timed out: answered on the socket as Node
 * would, in our format, and the connection closed. Nothing of the request is echoed.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = answers.get(error.code ?? '') ?? answers.get('unreadable')!;
  // As Node does: only when no answer of this request has started on the connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write((socket as Socket & { encrypted?: boolean }).encrypted ? answer.https : answer.http);
  }
  socket.destroy(error);
}

/** Errors the router meets before any hook runs (a bad percent-encoding, a too long parameter). */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const [status, code, message] =
    error.code === 'FST_ERR_BAD_URL'
      ? ([400, 'bad_request', 'The address is not valid'] as const)
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? ([414, 'too_long', 'The address is too long'] as const)
        : ([500, 'internal', 'Something went wrong on our side'] as const);
  // No hook ran, so the security headers are set here: the API's set, as the answer is JSON.
  const headers = request.protocol === 'https' ? API_SECURITY_HEADERS : overPlainHttp(API_SECURITY_HEADERS);
  for (const [name, value] of headers) reply.header(name, value);
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error: { code, message } }));
}

const RESTARTING_BODY = JSON.stringify({
  error: { code: 'unavailable', message: 'The server is restarting, try again shortly' },
});
const RESTARTING_HEADERS: Record<string, string> = Object.fromEntries([
  ...overPlainHttp(API_SECURITY_HEADERS),
  ['cache-control', 'no-store'],
  ['connection', 'close'],
  ['retry-after', '5'],
  ['content-type', 'application/json; charset=utf-8'],
]);

/**
 * Shutting down: requests already taken finish; one that still arrives (on an open connection) is refused with a
 * 503 in the API's error format and its connection closed. The server's request listener is swapped when the
 * shutdown starts, so no request pays for a check before then (bench/README.md, framework cost).
 */
export function refuseNewRequests(server: Server): void {
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    response.writeHead(503, RESTARTING_HEADERS).end(RESTARTING_BODY);
  });
}
