import type { ZodError } from 'zod';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field of a failed zod check (the contract's schema: the server's own messages). */
export function fieldErrorsOf(error: Pick<ZodError, 'issues'>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}
