import { PROFILE_REQUIRED } from '@salomtv/contract';
/** An error the API reports to the client as `{ error: { code, message, fields? } }` with its status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    // An answer, not a fault: no stack trace to capture, which would be a large share of the cost of a flood
    // of refused requests (a bad cookie on every segment).
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'validation_failed', message, fields);
export const unauthorized = (message = 'Sign in to continue') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'conflict', message, fields);
export const tooLarge = (message: string, fields?: Record<string, string>) =>
  new AppError(413, 'too_large', message, fields);
export const unsupportedType = (message: string, fields?: Record<string, string>) =>
  new AppError(415, 'unsupported_type', message, fields);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts, try again later') =>
  new AppError(429, 'rate_limited', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** What a session on no profile (its profile was deleted) gets from every call but choosing one. */
export const profileRequired = () => new AppError(403, PROFILE_REQUIRED, "Choose who's watching to continue");

/** What a kids profile gets when it tries to change the account, its profiles or its billing. */
export const kidsProfileRefused = () =>
  new AppError(403, 'kids_profile', 'A kids profile cannot change the account: switch to an adult profile');
