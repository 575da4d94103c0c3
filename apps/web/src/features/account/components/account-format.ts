import { isApiError } from '../../../shared/api/api-error';
import type { Translate } from '../../../shared/i18n/translate';
import { type FieldErrors, fieldErrorsOf } from '../../../shared/ui/field-errors';

export type { FieldErrors };
export { fieldErrorsOf };

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
