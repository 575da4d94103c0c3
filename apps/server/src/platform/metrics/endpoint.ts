import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { MetricsSettings } from '../../config.js';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

/** Compared as digests, so neither the token's length nor its first differing byte shows in the timing. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Whether an Authorization header carries the metrics token as a bearer token. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = header ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header) : null;
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * `GET /metrics` on the API's own port. Without the token (or with a wrong one) the request goes to the not-found
 * handler, so it is answered exactly as an address that does not exist.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.get(METRICS_PATH, { schema: { hide: true } }, (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.callNotFound();
      return;
    }
    metrics.render().then(
      (text) => reply.type(metrics.contentType).header('cache-control', 'no-store').send(text),
      (error: unknown) => reply.send(error),
    );
  });
}

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * The metrics on a port of their own (METRICS_PORT, bound to METRICS_HOST): the same bearer token, and every other
 * request answered 404 as the API answers an unknown address. The worker uses it too.
 */
export function startMetricsServer(
  metrics: Metrics,
  settings: Pick<MetricsSettings, 'token' | 'host'> & { port: number },
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const method = request.method ?? 'GET';
    const asked = (method === 'GET' || method === 'HEAD') && path === METRICS_PATH;
    if (!asked || !bearerMatches(request.headers.authorization, settings.token)) {
      response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
      response.end(
        JSON.stringify({ error: { code: 'not_found', message: `No such address: ${method} ${path}` } }),
      );
      return;
    }
    metrics.render().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        response.end(method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        response.end(
          JSON.stringify({ error: { code: 'internal', message: 'The metrics could not be read' } }),
        );
      },
    );
  });
  // A scraper asks once in a while and waits a few seconds at most: slow or idle clients are not kept.
  server.headersTimeout = 5000;
  server.requestTimeout = 10_000;
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
