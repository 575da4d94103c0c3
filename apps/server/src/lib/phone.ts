import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** E.164 form of a phone number, or null when it is not a valid number. */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim());
  return parsed?.isValid() ? parsed.number : null;
}
