import { createRequire } from 'node:module';

type Parse = typeof import('libphonenumber-js/max').parsePhoneNumberFromString;
let parser: Parse | undefined;
/** Loaded on first use (its metadata is large): a start that checks no phone number does not pay for it. */
const parsePhoneNumberFromString: Parse = (...args) => {
  parser ??= (
    createRequire(import.meta.url)('libphonenumber-js/max') as { parsePhoneNumberFromString: Parse }
  ).parsePhoneNumberFromString;
  return parser(...args);
};

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
