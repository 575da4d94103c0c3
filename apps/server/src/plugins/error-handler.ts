import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.js';
import { issuesToFields } from '../lib/validation.js';

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

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: unknown[] }, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body = {
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        },
      };
      return reply.status(error.statusCode).send(body);
    }
    if (Array.isArray(error.validation)) {
      return reply.status(400).send({
        error: {
          code: 'validation_failed',
          message: 'Some fields are not valid',
          fields: issuesToFields(error.validation as Parameters<typeof issuesToFields>[0]),
        },
      });
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply
        .status(400)
        .send({ error: { code: 'validation_failed', message: 'The request body is not valid JSON' } });
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) {
      return reply.status(known[0]).send({ error: { code: known[1], message: known[2] } });
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ error: { code: 'rate_limited', message: 'Too many requests, try again later' } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // A plugin's own 403 (@fastify/static on a path like ..%2F) is a malformed request, not a permission.
      return reply
        .status(error.statusCode === 403 ? 400 : error.statusCode)
        .send({ error: { code: 'bad_request', message: 'The request is not valid' } });
    }
    if (
      (error as { code?: string }).code === 'ECONNREFUSED' ||
      // SQLite held by another writer past the busy timeout: as unavailable as a stopped PostgreSQL.
      (error as { code?: string }).code === 'SQLITE_BUSY' ||
      /connect|terminat|Connection/i.test(error.message)
    ) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          error: { code: 'unavailable', message: 'The service is briefly unavailable, try again shortly' },
        });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: { code: 'internal', message: 'Something went wrong on our side' } });
  });
}
