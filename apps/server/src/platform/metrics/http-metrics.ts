import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { appendHook } from '../../plugins/route-hooks.js';
import type { Metrics } from './metrics.js';

/** The route label of a request no route took (an unknown address, a refused /metrics): one series for all. */
export const UNMATCHED_ROUTE = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Seconds: from a cached answer (under a millisecond) to a slow upload's. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Error answers that are a failed sign-in, by their code. */
const SIGN_IN_FAILURES = new Set(['wrong_credentials', 'account_disabled']);

type RequestLabels = 'method' | 'route' | 'status_class';

/**
 * Requests and their latency per route pattern (`/api/catalog/titles/:movie_id`, never the path asked for) and status
 * class, the 429 answers per route (which limit refused), and the error answers per code. Each route gets its own
 * hook when it is added, with its pattern in it, so no request reads its route's options; requests no route took
 * count under one `unmatched` label. Registered before any route.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): HttpErrorMetrics {
  const requests = metrics.counter<RequestLabels>(
    'http_requests_total',
    'HTTP requests answered, by method, route pattern and status class',
    ['method', 'route', 'status_class'],
  );
  const latency = metrics.histogram<RequestLabels>(
    'http_request_duration_seconds',
    'Time from a request arriving to its answer being sent, by method, route pattern and status class',
    ['method', 'route', 'status_class'],
    LATENCY_BUCKETS,
  );
  const refusals = metrics.counter<'route'>(
    'rate_limit_refusals_total',
    'Requests refused with 429 by a rate limit, by the route pattern (which names the limit)',
    ['route'],
  );
  const errors = metrics.counter<'route' | 'code'>(
    'http_error_answers_total',
    'Error answers in the API error format, by route pattern and error code',
    ['route', 'code'],
  );
  const signInFailures = metrics.counter<'reason'>(
    'sign_in_failures_total',
    'Sign-ins refused for a wrong name or password, or a disabled account',
    ['reason'],
  );

  const record = (method: string, route: string, status: number, elapsedMs: number) => {
    const labels = {
      method: METHODS.has(method) ? method : 'other',
      route,
      status_class: `${Math.floor(status / 100)}xx`,
    };
    requests.inc(labels);
    latency.observe(labels, elapsedMs / 1000);
    if (status === 429) refusals.inc({ route });
  };

  app.addHook('onRoute', (route) => {
    const pattern = route.url;
    const hook: onResponseHookHandler = (request, reply, done) => {
      // A handler that hands the request to the not-found handler (a refused /metrics) answers as no route.
      if (!request.is404) record(request.method, pattern, reply.statusCode, reply.elapsedTime);
      done();
    };
    route.onResponse = appendHook(route.onResponse, hook);
  });
  // Callback hooks: they run on every request (bench/README.md, framework cost).
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) record(request.method, UNMATCHED_ROUTE, reply.statusCode, reply.elapsedTime);
    done();
  });

  return {
    answered(route, code) {
      errors.inc({ route: route ?? UNMATCHED_ROUTE, code });
      if (SIGN_IN_FAILURES.has(code)) signInFailures.inc({ reason: code });
    },
  };
}

/** What the error handler tells of each error answer it sends. */
export interface HttpErrorMetrics {
  /** `route`: the route's pattern (undefined when no route took the request); `code`: the answer's error code. */
  answered(route: string | undefined, code: string): void;
}
