import type { TranslationKey } from '@salomtv/contract';
import { isApiError } from '../../../shared/api/api-error';
import type { Translate } from '../../../shared/i18n/translate';

const byCode: Record<string, TranslationKey> = {
  wrong_credentials: 'wrong_credentials',
  rate_limited: 'too_many_attempts',
  account_disabled: 'account_disabled',
};

/** The message a failed sign-in shows on the form, in the viewer's language where the catalogue has it. */
export function signInErrorMessage(error: unknown, t: Translate): string {
  if (!isApiError(error)) return t('something_went_wrong');
  const key = byCode[error.code] ?? (error.status === 429 ? 'too_many_attempts' : undefined);
  if (key) return t(key);
  if (error.status === 400) return t('wrong_credentials');
  return error.message || t('something_went_wrong');
}

/** The error shown at the name field: the server found the text to be neither a phone number nor an email. */
export function signInNameError(error: unknown, t: Translate): string | undefined {
  return isApiError(error) && error.status === 400 && error.fields.phone_number
    ? t('invalid_phone_or_email')
    : undefined;
}
