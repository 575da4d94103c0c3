import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * The country of an international phone number by its calling code and, where several countries share one
 * (+7 Russia and Kazakhstan, +1 the USA and Canada), by its area code; undefined when it cannot be told.
 * Loaded on its own (its metadata is about 80 KB), only by the page that needs it.
 */
export function countryOfPhone(phone: string): string | undefined {
  return parsePhoneNumberFromString(phone)?.country;
}

/**
 * Whether an international number has a length its country uses (the small metadata checks lengths, not digits:
 * the server checks the rest), so a number too short or too long is caught before a code is asked for.
 */
export function hasValidLength(phone: string): boolean {
  return parsePhoneNumberFromString(phone)?.isValid() ?? false;
}
