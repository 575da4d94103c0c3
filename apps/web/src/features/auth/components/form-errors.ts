import type { TranslationKey } from '@salomtv/contract';
import type { ZodError } from 'zod';
import { isApiError } from '../../../shared/api/api-error';
import type { Translate, TranslatePlural } from '../../../shared/i18n/translate';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field of a failed zod check (the same schema and messages as the server). */
export function fieldErrorsOf(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

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
