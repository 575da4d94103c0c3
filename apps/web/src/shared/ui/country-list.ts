import { COUNTRY_CODES } from '@salomtv/contract';
import { regionName } from './phone-number';

export interface CountryOption {
  /** ISO 3166-1 alpha-2 code: what is sent and stored. */
  code: string;
  /** The country's name in the page's language. */
  name: string;
}

const lists = new Map<string, CountryOption[]>();

/**
 * Every country, named in the page's language (from `names` where the browser lacks them, see `regionName`) and
 * sorted the way that language sorts; kept per language.
 */
export function countryOptions(locale: string, names?: Readonly<Record<string, string>>): CountryOption[] {
  const key = `${locale}|${names ? 'own' : 'intl'}`;
  let list = lists.get(key);
  if (!list) {
    const collator = new Intl.Collator([locale, 'en']);
    list = COUNTRY_CODES.map((code) => ({ code, name: regionName(code, locale, names) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    lists.set(key, list);
  }
  return list;
}
