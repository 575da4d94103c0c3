import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { badRequest } from '../lib/errors.js';
import { appendHook } from './route-hooks.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A JSON object's fields (not an array's or a buffer's indexes). */
function fieldNames(body: unknown): string[] {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && !Buffer.isBuffer(body)
    ? Object.keys(body)
    : [];
}

/** Nothing, as clients send it for a call without a body: no body at all, an empty one, or `{}`. */
function isEmptyBody(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return true;
  return Object.getPrototypeOf(body) === Object.prototype && fieldNames(body).length === 0;
}

const refuseBody: preValidationHookHandler = (request, _reply, done) => {
  const { body } = request;
  if (isEmptyBody(body)) return done();
  const keys = fieldNames(body);
  done(
    badRequest(
      'This call takes no body',
      keys.length ? Object.fromEntries(keys.map((key) => [key, 'Unknown field'])) : undefined,
    ),
  );
};

/**
 * A state-changing API call that declares no body (no `body` schema, no `consumes`: cancel, mark as read, delete)
 * takes none. Fields sent to it (`status`, `user_id`, a price) are refused with 400, as unknown fields are on every
 * call with a body, rather than silently dropped. Routes that read their own body declare what they consume (forms,
 * the payment provider's webhook); tus's hidden routes read the upload stream.
 */
export function registerBodylessCalls(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const { schema } = route;
    if (!route.url.startsWith('/api/') || schema?.body || schema?.consumes || schema?.hide) return;
    if ([route.method].flat().every((method) => READS.has(method))) return;
    route.preValidation = appendHook(route.preValidation, refuseBody);
  });
}
