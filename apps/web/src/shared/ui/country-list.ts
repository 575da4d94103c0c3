import { COUNTRY_CODES } from '@salomtv/contract';
import { regionName } from './phone-number';

export interface CountryOption {
  /** ISO 3166-1 alpha-2 code: what is sent and stored. */
  code: string;
  /** The country's name in the page's language. */
  name: string;
}

const lists = new Map<string, CountryOption[]>();

/** Every country, named in the page's language and sorted the way that language sorts (kept per language). */
export function countryOptions(locale: string): CountryOption[] {
  let list = lists.get(locale);
  if (!list) {
    const collator = new Intl.Collator([locale, 'en']);
    list = COUNTRY_CODES.map((code) => ({ code, name: regionName(code, locale) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    lists.set(locale, list);
  }
  return list;
}
