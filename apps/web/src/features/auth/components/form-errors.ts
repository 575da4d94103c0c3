import type { TranslationKey } from '@salomtv/contract';
import { isApiError } from '../../../shared/api/api-error';
import type { Translate, TranslatePlural } from '../../../shared/i18n/translate';
import { type FieldErrors, fieldErrorsOf } from '../../../shared/ui/field-errors';

export type { FieldErrors };
export { fieldErrorsOf };

/** Why a code could not be sent: the wait of a rate limit, a bad number, or the server's words. */
export function sendRefusal(
  error: unknown,
  t: Translate,
  plural: TranslatePlural,
  waitSeconds: number,
): { phone?: string; message?: string } {
  if (!isApiError(error)) return { message: t('something_went_wrong') };
  if (error.status === 429) return { message: plural('wait_before_new_code', waitSeconds) };
  if (error.status === 400 && (error.fields.phoneNumber || error.fields.phone_number)) {
    return { phone: t('invalid_phone_number') };
  }
  return { message: error.message || t('something_went_wrong') };
}

const signUpCodes: Record<string, TranslationKey> = {
  phone_not_verified: 'verify_phone_first',
  conflict: 'phone_taken',
};

/** The message of a refused sign-up that is not about one field. */
export function signUpRefusal(error: unknown, t: Translate): string {
  if (!isApiError(error)) return t('something_went_wrong');
  const key = signUpCodes[error.code] ?? (error.status === 409 ? 'phone_taken' : undefined);
  if (key) return t(key);
  return error.message || t('something_went_wrong');
}

/** The seconds a 429 asks to wait (Retry-After), or the resend cooldown when it is missing. */
export const retryAfterOf = (error: unknown, fallback: number) =>
  isApiError(error) && error.status === 429 ? (error.retryAfterSeconds ?? fallback) : 0;
