// No zod here: the web app's first script formats with these before any schema is needed.
import {
  type DateFormatter,
  fallbackDateFormat,
  fallbackNumberFormat,
  fallbackWordsFor,
  type NumberFormatter,
} from './locale-fallbacks.js';

type DurationUnit = 'hour' | 'minute' | 'second';

// Making an Intl formatter costs far more than using one, and a page formats a count, a price or a date per card.
const formatters = new Map<string, NumberFormatter | DateFormatter | Intl.ListFormat>();
function formatter<T extends NumberFormatter | DateFormatter | Intl.ListFormat>(
  key: string,
  make: () => T,
): T {
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/**
 * `new Intl.NumberFormat(locales, options)`, made once per locales and options (it throws as the constructor does);
 * in the first language's own words where the runtime lacks its data (locale-fallbacks.ts).
 */
export function numberFormat(
  locales: string | string[] | undefined,
  options?: Intl.NumberFormatOptions,
): NumberFormatter {
  return formatter(JSON.stringify(['number', locales, options]), () => {
    const words = fallbackWordsFor(locales);
    return words ? fallbackNumberFormat(words, options) : new Intl.NumberFormat(locales, options);
  });
}

/** `new Intl.DateTimeFormat(locales, options)`, made once per locales and options; as `numberFormat` for data. */
export function dateTimeFormat(
  locales: string | string[] | undefined,
  options?: Intl.DateTimeFormatOptions,
): DateFormatter {
  return formatter(JSON.stringify(['date', locales, options]), () => {
    const words = fallbackWordsFor(locales);
    return (words && fallbackDateFormat(words, options)) ?? new Intl.DateTimeFormat(locales, options);
  });
}

const FALLBACK_UNITS: Record<DurationUnit, string> = { hour: 'h', minute: 'min', second: 's' };

/** `value unit` in the locale's short unit style ("52 min", "52 мин"); plain "52 min" where Intl cannot. */
function unitText(value: number, unit: DurationUnit, locale: string): string {
  try {
    return numberFormat([locale, 'en'], { style: 'unit', unit, unitDisplay: 'short' }).format(value);
  } catch {
    return `${value} ${FALLBACK_UNITS[unit]}`;
  }
}

function joinUnits(parts: string[], locale: string): string {
  // The languages we hold words for join lengths with a space ("1 soat 52 daq.").
  if (fallbackWordsFor(locale)) return parts.join(' ');
  try {
    return formatter(
      JSON.stringify(['list', locale]),
      () => new Intl.ListFormat([locale, 'en'], { type: 'unit', style: 'narrow' }),
    ).format(parts);
  } catch {
    return parts.join(' ');
  }
}

/**
 * A length in the viewer's language: "4 sec" under a minute, "1 min" up to an hour (rounded to the minute),
 * "1 hr 52 min" beyond; `precise` keeps every unit ("1 min 35 sec", for the admin). Empty when unknown. The same
 * words on the server's first paint and in the app: Intl's unit style (DurationFormat is not in Node 20).
 */
export function formatDuration(
  seconds: number | null | undefined,
  locale: string,
  { precise = false }: { precise?: boolean } = {},
): string {
  if (!seconds || !Number.isFinite(seconds) || seconds <= 0) return '';
  const whole = Math.max(1, Math.round(seconds));
  if (whole < 60) return unitText(whole, 'second', locale);
  const minutes = precise ? Math.floor(whole / 60) : Math.round(whole / 60);
  const parts: [number, DurationUnit][] = [
    [Math.floor(minutes / 60), 'hour'],
    [minutes % 60, 'minute'],
    [precise ? whole % 60 : 0, 'second'],
  ];
  return joinUnits(
    parts.filter(([value]) => value > 0).map(([value, unit]) => unitText(value, unit, locale)),
    locale,
  );
}

/** A count in the language's short form ("1.2K", "1,2 тыс."): the second carousel's views. */
export function compactCount(value: number, locale?: string): string {
  try {
    // Under a thousand the compact form is the plain figure, and Intl's first compact formatter loads its data
    // for a whole frame of a phone's time.
    if (Math.abs(value) < 1000) return numberFormat(locale).format(value);
    return numberFormat(locale, { notation: 'compact' }).format(value);
  } catch {
    // A language keyword that is no locale tag Intl knows.
    return String(value);
  }
}
