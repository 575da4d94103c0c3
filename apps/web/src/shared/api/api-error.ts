import { errorReplySchema } from '@salomtv/contract';

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

/** Builds an ApiError from a status and the reply body (the `{ error: { code, message, fields } }` shape). */
export function errorFromReply(status: number, body: unknown, retryAfter?: string | null): ApiError {
  const parsed = errorReplySchema.safeParse(body);
  const seconds = retryAfter ? Number.parseInt(retryAfter, 10) : Number.NaN;
  const retryAfterSeconds = Number.isFinite(seconds) ? seconds : undefined;
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
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
