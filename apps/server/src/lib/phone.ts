import { createRequire } from 'node:module';

type Library = Pick<
  typeof import('libphonenumber-js/max'),
  'parsePhoneNumberFromString' | 'getCountryCallingCode' | 'isSupportedCountry'
>;
let library: Library | undefined;
/** Loaded on first use (its metadata is large): a start that checks no phone number does not pay for it. */
const phoneLibrary = (): Library => {
  library ??= createRequire(import.meta.url)('libphonenumber-js/max') as Library;
  return library;
};
const parsePhoneNumberFromString: Library['parsePhoneNumberFromString'] = (...args) =>
  phoneLibrary().parsePhoneNumberFromString(...args);

/** E.164 form of a phone number, or null when it is not a valid number. */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim());
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * E.164 form of a number typed in any common international spelling: spaces, dashes, dots and brackets, a
 * leading `00` or other zeros, with or without `+`. Null when the digits are not a valid number.
 */
export function phoneFromAnySpelling(input: string): string | null {
  return toE164(compactPhone(input));
}

/**
 * E.164 form of a number typed as the phone field teaches it, with a country chosen beside it: the national number
 * (its trunk zeros dropped, as `0910887299` in Uzbekistan), else any international spelling (`+998 …`, `00998 …`, or
 * the calling code without `+`). Null when neither is a valid number, or for a country the library does not know.
 */
export function phoneInCountry(input: string, country: string): string | null {
  const text = input.trim();
  const { isSupportedCountry, getCountryCallingCode } = phoneLibrary();
  const international = /^(\+|00)/.test(text.replace(SEPARATORS, ''));
  if (!international && writtenAsPhone(text) && isSupportedCountry(country)) {
    const national = text.replace(SEPARATORS, '').replace(/^0+/, '');
    const inCountry = national ? toE164(`+${getCountryCallingCode(country)}${national}`) : null;
    if (inCountry) return inCountry;
  }
  return phoneFromAnySpelling(text);
}

/** What people write between a number's digits: spaces, brackets, dots and dashes. */
const SEPARATORS = /[\s().-]/g;

/** A typed number as `+` and what follows its separators and leading `+`, `00` or zeros are taken out. */
export function compactPhone(input: string): string {
  return `+${input
    .trim()
    .replace(SEPARATORS, '')
    .replace(/^\+?0*/, '')}`;
}

/** Whether text is written as a phone number: digits, `+` and the separators `compactPhone` takes out, nothing else. */
export function writtenAsPhone(text: string): boolean {
  return text !== '' && /^[\d+]*$/.test(text.replace(SEPARATORS, ''));
}
