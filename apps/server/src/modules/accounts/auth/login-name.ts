import { compactPhone, phoneFromAnySpelling } from '../../../lib/phone.js';

/** A sign-in name in its one spelling; `other` matches no account (it is still counted under this spelling). */
export type LoginName =
  | { kind: 'email'; value: string }
  | { kind: 'phone'; value: string }
  | { kind: 'other'; value: string };

/**
 * What finds the account and names its failure counter, so every way of writing the same name hits the same
 * account, counter and lock: an email trimmed and in lower case; a phone number in E.164 whatever its spaces,
 * dashes, dots, brackets, leading `00` or zeros and `+`; anything else compacted the same way.
 */
export function loginName(typed: string): LoginName {
  const text = typed.trim();
  if (text.includes('@')) return { kind: 'email', value: text.toLowerCase() };
  const phone = phoneFromAnySpelling(text);
  return phone ? { kind: 'phone', value: phone } : { kind: 'other', value: compactPhone(text).toLowerCase() };
}
