import type { ErrorReply } from '@salomtv/contract';

export type ApiErrorKind = 'http' | 'network' | 'aborted' | 'timeout';

/** Every failed call ends as an ApiError: an HTTP error reply, or a network failure, abort or timeout. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly kind: ApiErrorKind;
  readonly retryAfterSeconds: number | undefined;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
    kind?: ApiErrorKind;
    retryAfterSeconds?: number;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields ?? {};
    this.kind = options.kind ?? 'http';
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the `{ error: { code, message, fields? } }` reply (a hand check keeps zod out of the entry bundle). */
export function parseErrorReply(body: unknown): ErrorReply | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const { code, message, fields } = body.error;
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  const cleanFields: Record<string, string> = {};
  if (isRecord(fields)) {
    for (const [name, text] of Object.entries(fields)) if (typeof text === 'string') cleanFields[name] = text;
  }
  return { error: { code, message, ...(isRecord(fields) ? { fields: cleanFields } : {}) } };
}

/** Builds an ApiError from a status and the reply body (the `{ error: { code, message, fields } }` shape). */
export function errorFromReply(status: number, body: unknown, retryAfter?: string | null): ApiError {
  const parsed = parseErrorReply(body);
  const seconds = retryAfter ? Number.parseInt(retryAfter, 10) : Number.NaN;
  const retryAfterSeconds = Number.isFinite(seconds) ? seconds : undefined;
  if (parsed) {
    const { code, message, fields } = parsed.error;
    return new ApiError({ status, code, message, fields, retryAfterSeconds });
  }
  return new ApiError({
    status,
    code: `http_${status}`,
    message: `The request failed with status code ${status}`,
    retryAfterSeconds,
  });
}

export const networkError = () =>
  new ApiError({
    status: 0,
    code: 'network_error',
    kind: 'network',
    message: 'Network error: the server cannot be reached. Check your connection and try again.',
  });
export const abortedError = () =>
  new ApiError({ status: 0, code: 'aborted', kind: 'aborted', message: 'The request was cancelled.' });
export const timeoutError = (ms: number) =>
  new ApiError({
    status: 0,
    code: 'timeout',
    kind: 'timeout',
    message: `The server did not answer within ${Math.round(ms / 1000)} seconds. Try again.`,
  });
