import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { issuesToFields } from '../lib/validation.js';
import type { HttpErrorMetrics } from '../platform/metrics/http-metrics.js';

/** Fastify's own error codes that are the client's fault, with the status and code we answer. */
const frameworkErrors: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'too_large', 'The request body is too large'],
  FST_REQ_FILE_TOO_LARGE: [413, 'too_large', 'The file is too large'],
  FST_PARTS_LIMIT: [413, 'too_large', 'Too many parts in the form'],
  FST_FILES_LIMIT: [413, 'too_large', 'Too many files in the form'],
  FST_FIELDS_LIMIT: [413, 'too_large', 'Too many fields in the form'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_type', 'This content type is not accepted'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'unsupported_type', 'Send the form as multipart/form-data'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'validation_failed', 'The request body is empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'validation_failed', 'The request body is not valid JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'validation_failed', 'Content-Length does not match the body'],
};

/** `metrics`: told the route and code of every error answer (sign-in failures, refusals by limit). */
export function registerErrorHandler(app: FastifyInstance, metrics?: HttpErrorMetrics): void {
  const counted = (request: FastifyRequest, code: string) =>
    metrics?.answered(request.is404 ? undefined : request.routeOptions.url, code);
  app.setErrorHandler((error: FastifyError & { validation?: unknown[] }, request, reply) => {
    const body = errorBody(error, request, reply);
    if (metrics) counted(request, body.error.code);
    return reply.send(body);
  });
}

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

/** The answer to an error, in the API's error format, with its status (and headers) set on the reply. */
function errorBody(
  error: FastifyError & { validation?: unknown[] },
  request: FastifyRequest,
  reply: FastifyReply,
): ErrorBody {
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    const body = {
      error: {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      },
    };
    reply.status(error.statusCode);
    return body;
  }
  if (Array.isArray(error.validation)) {
    reply.status(400);
    return {
      error: {
        code: 'validation_failed',
        message: 'Some fields are not valid',
        fields: issuesToFields(error.validation as Parameters<typeof issuesToFields>[0]),
      },
    };
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    reply.status(400);
    return { error: { code: 'validation_failed', message: 'The request body is not valid JSON' } };
  }
  const known = error.code ? frameworkErrors[error.code] : undefined;
  if (known) {
    reply.status(known[0]);
    return { error: { code: known[1], message: known[2] } };
  }
  if (error.statusCode === 429) {
    reply.status(429);
    return { error: { code: 'rate_limited', message: 'Too many requests, try again later' } };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // A plugin's own 403 (@fastify/static on a path like ..%2F) is a malformed request, not a permission.
    reply.status(error.statusCode === 403 ? 400 : error.statusCode);
    return { error: { code: 'bad_request', message: 'The request is not valid' } };
  }
  if (
    (error as { code?: string }).code === 'ECONNREFUSED' ||
    // SQLite held by another writer past the busy timeout: as unavailable as a stopped PostgreSQL.
    (error as { code?: string }).code === 'SQLITE_BUSY' ||
    /connect|terminat|Connection/i.test(error.message)
  ) {
    request.log.error({ err: error }, 'database unavailable');
    reply.status(503).header('retry-after', '5');
    return {
      error: { code: 'unavailable', message: 'The service is briefly unavailable, try again shortly' },
    };
  }
  request.log.error({ err: error }, 'unhandled error');
  reply.status(500);
  return { error: { code: 'internal', message: 'Something went wrong on our side' } };
}
