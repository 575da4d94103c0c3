/** Calling codes offered by the phone number field (ISO region and calling code without the +). */
export interface PhoneCountry {
  iso: string;
  dial: string;
}

export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  { iso: 'UZ', dial: '998' },
  { iso: 'PK', dial: '92' },
  { iso: 'IN', dial: '91' },
  { iso: 'RU', dial: '7' },
  { iso: 'KZ', dial: '7' },
  { iso: 'TJ', dial: '992' },
  { iso: 'KG', dial: '996' },
  { iso: 'TM', dial: '993' },
  { iso: 'AF', dial: '93' },
  { iso: 'BD', dial: '880' },
  { iso: 'TR', dial: '90' },
  { iso: 'AE', dial: '971' },
  { iso: 'SA', dial: '966' },
  { iso: 'US', dial: '1' },
  { iso: 'GB', dial: '44' },
  { iso: 'DE', dial: '49' },
];

export interface PhoneParts {
  /** The chosen region (its calling code is the prefix). */
  iso: string;
  /** The number as typed, without the calling code. */
  national: string;
}

const dialOf = (iso: string) => PHONE_COUNTRIES.find((country) => country.iso === iso)?.dial ?? '';

/**
 * The international form (+ calling code + digits) of a picked code and a typed number. A number typed with
 * its own leading + wins over the picker; the national trunk 0 (0300… in Pakistan) is dropped.
 */
export function composePhone({ iso, national }: PhoneParts): string {
  const typed = national.trim();
  if (typed.startsWith('+')) return `+${typed.replace(/\D/g, '')}`;
  const digits = typed.replace(/\D/g, '').replace(/^0+/, '');
  return digits ? `+${dialOf(iso)}${digits}` : '';
}

/** Splits an international number back into picker and field (the longest matching calling code wins). */
export function splitPhone(phone: string | null | undefined, fallbackIso = 'UZ'): PhoneParts {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!phone?.trim().startsWith('+') || !digits) return { iso: fallbackIso, national: '' };
  const match = [...PHONE_COUNTRIES]
    .filter((country) => digits.startsWith(country.dial))
    .sort(
      (a, b) =>
        b.dial.length - a.dial.length || Number(b.iso === fallbackIso) - Number(a.iso === fallbackIso),
    )[0];
  if (!match) return { iso: fallbackIso, national: `+${digits}` };
  return { iso: match.iso, national: digits.slice(match.dial.length) };
}

/**
 * The region's name in the page's language: from `names` where given (the app's own, for a language this browser
 * has no data for; i18n/display-names.ts), else Intl's, or its code when the browser cannot say.
 */
export function regionName(iso: string, locale: string, names?: Readonly<Record<string, string>>): string {
  const own = names?.[iso];
  if (own) return own;
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(iso) ?? iso;
  } catch {
    return iso;
  }
}

/** The calling code a picker starts on: the viewer's language hints at the country. */
export function defaultRegionFor(languageKeyword: string): string {
  const byLanguage: Record<string, string> = { ur: 'PK', ru: 'RU', uz: 'UZ', hi: 'IN' };
  return byLanguage[languageKeyword.toLowerCase()] ?? 'UZ';
}

/**
 * Whether a composed international number could be real: the length its country uses, checked in a chunk of its
 * own (the phone-number metadata). If that chunk cannot load, the server's check decides.
 */
export async function phoneLooksValid(phone: string): Promise<boolean> {
  try {
    const { hasValidLength } = await import('./phone-country');
    return hasValidLength(phone);
  } catch {
    return true;
  }
}
