import { phoneFromAnySpelling, phoneInCountry } from '../../../lib/phone.js';

/** A sign-in name in its one spelling, or `invalid` for text that is neither a phone number nor an email. */
export type LoginName =
  | { kind: 'email'; value: string }
  | { kind: 'phone'; value: string }
  | { kind: 'invalid' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What finds the account and names its failure counter, so every way of writing the same name hits the same
 * account, counter and lock: an email trimmed and in lower case; a phone number in E.164 whatever its spaces,
 * dashes, dots, brackets, leading `00` or zeros and `+`, and, with the country the form had chosen, in its national
 * form too.
 */
export function loginName(typed: string, country?: string): LoginName {
  const text = typed.trim();
  if (text.includes('@'))
    return EMAIL.test(text) ? { kind: 'email', value: text.toLowerCase() } : { kind: 'invalid' };
  const phone = country ? phoneInCountry(text, country) : phoneFromAnySpelling(text);
  return phone ? { kind: 'phone', value: phone } : { kind: 'invalid' };
}
