import type { ZodError } from 'zod';
import { isApiError } from '../../../shared/api/api-error';
import type { Translate } from '../../../shared/i18n/translate';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field of a failed zod check (the server's own schema and messages). */
export function fieldErrorsOf(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A refused save: per-field messages from the server, and a message for the row when no field names it. */
export function refusalOf(
  error: unknown,
  fields: readonly string[],
  t: Translate,
): { fields: FieldErrors; message?: string } {
  if (!error) return { fields: {} };
  if (!isApiError(error)) return { fields: {}, message: t('something_went_wrong') };
  const named = Object.fromEntries(Object.entries(error.fields).filter(([name]) => fields.includes(name)));
  if (Object.keys(named).length > 0) return { fields: named };
  if (error.status === 429) return { fields: {}, message: t('too_many_attempts') };
  return { fields: {}, message: error.message || t('something_went_wrong') };
}
