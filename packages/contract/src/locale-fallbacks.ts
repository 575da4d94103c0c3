// Chromium ships ICU without some of our languages' data (Uzbek's): its Intl then writes a date "1995 M04 12", a
// number "1,234.5" and a length "1 hr". For those languages the words and patterns below (CLDR's, so the app
// and the server's first paint, whose Node has the data, write the same) stand in.

export interface NumberFormatter {
  format(value: number): string;
}

export interface DateFormatter {
  format(value: Date | number): string;
}

type DurationUnit = 'hour' | 'minute' | 'second';

/** A language's words and patterns: `d`, `dd`, `MM`, `MMM`, `MMMM`, `y`, `yy`, `EEEE` in the date patterns. */
export interface LocaleWords {
  /** Month names as a date writes them ("12-aprel"), lower case; a month alone starts with a capital. */
  months: readonly string[];
  monthsShort: readonly string[];
  /** Sunday first. */
  weekdays: readonly string[];
  dates: Readonly<Record<'full' | 'long' | 'medium' | 'short', string>>;
  /** Hours and minutes, 24-hour. */
  time: string;
  /** A date and a time together: `{date}` and `{time}`. */
  dateTime: string;
  decimal: string;
  group: string;
  /** `{n}` and `{symbol}`. */
  currency: string;
  currencySymbols: Readonly<Record<string, string>>;
  /** Largest first: 1,234 is "1,2 ming". */
  compact: ReadonlyArray<readonly [number, string]>;
  units: Readonly<Record<DurationUnit, string>>;
}

const NBSP = '\u00a0';

export const LOCALE_WORDS: Readonly<Record<string, LocaleWords>> = {
  uz: {
    months: [
      'yanvar',
      'fevral',
      'mart',
      'aprel',
      'may',
      'iyun',
      'iyul',
      'avgust',
      'sentabr',
      'oktabr',
      'noyabr',
      'dekabr',
    ],
    monthsShort: ['yan', 'fev', 'mar', 'apr', 'may', 'iyn', 'iyl', 'avg', 'sen', 'okt', 'noy', 'dek'],
    weekdays: ['yakshanba', 'dushanba', 'seshanba', 'chorshanba', 'payshanba', 'juma', 'shanba'],
    dates: { full: 'EEEE, d-MMMM, y', long: 'd-MMMM, y', medium: 'd-MMM, y', short: 'dd/MM/yy' },
    time: 'HH:mm',
    dateTime: '{date}, {time}',
    decimal: ',',
    group: NBSP,
    currency: `{n}${NBSP}{symbol}`,
    currencySymbols: { USD: 'US$', EUR: '€', GBP: '£', INR: '₹', UZS: 'soʻm' },
    compact: [
      [1e12, 'trln'],
      [1e9, 'mlrd'],
      [1e6, 'mln'],
      [1e3, 'ming'],
    ],
    units: { hour: 'soat', minute: 'daq.', second: 'son.' },
  },
};

const lacking = new Map<string, boolean>();

/**
 * The stand-in words for `locale` when this runtime has no data for its language (its month names come out as
 * CLDR root's "M04"); undefined when Intl can write the language itself or we have no words for it.
 */
export function fallbackWordsFor(locale: string | readonly string[] | undefined): LocaleWords | undefined {
  const first = typeof locale === 'string' ? locale : locale?.[0];
  if (!first) return undefined;
  const language = first.toLowerCase().split('-')[0]!;
  const words = LOCALE_WORDS[language];
  if (!words) return undefined;
  let lacks = lacking.get(language);
  if (lacks === undefined) {
    try {
      const april = new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(
        Date.UTC(2000, 3, 15),
      );
      lacks = /^M0?4$/.test(april);
    } catch {
      lacks = true;
    }
    lacking.set(language, lacks);
  }
  return lacks ? words : undefined;
}

function groupDigits(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/** `value` with at least `min` and at most `max` fraction digits, in the language's separators. */
function decimalText(words: LocaleWords, value: number, min: number, max: number): string {
  const fixed = Math.abs(value).toFixed(max);
  let [whole = '0', fraction = ''] = fixed.split('.');
  while (fraction.length > min && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  const sign = value < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}${groupDigits(whole, words.group)}${fraction ? `${words.decimal}${fraction}` : ''}`;
}

/** The compact form ("1,2 ming", "12 ming", "2,5 mln"): one decimal under ten, none above, as Intl rounds it. */
function compactText(words: LocaleWords, value: number): string {
  const size = Math.abs(value);
  for (let index = 0; index < words.compact.length; index++) {
    const [base, name] = words.compact[index]!;
    if (size < base) continue;
    const scaled = size / base;
    const shown = scaled < 10 ? Math.round(scaled * 10) / 10 : Math.round(scaled);
    // 999,950 rounds to "1000 ming": that is "1 mln".
    const larger = words.compact[index - 1];
    if (larger && shown * base >= larger[0]) return compactText(words, Math.sign(value) * larger[0]);
    return `${decimalText(words, Math.sign(value) * shown, 0, 1)}${NBSP}${name}`;
  }
  return decimalText(words, Math.round(value), 0, 0);
}

/** The number formats the app asks for (plain, currency, short length units, compact), in `words`. */
export function fallbackNumberFormat(
  words: LocaleWords,
  options: Intl.NumberFormatOptions = {},
): NumberFormatter {
  if (options.notation === 'compact') return { format: (value) => compactText(words, value) };
  if (options.style === 'currency' && options.currency) {
    const currency = options.currency.toUpperCase();
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions();
    const min = options.minimumFractionDigits ?? digits.minimumFractionDigits ?? 2;
    const max = Math.max(min, options.maximumFractionDigits ?? digits.maximumFractionDigits ?? 2);
    const symbol = words.currencySymbols[currency] ?? currency;
    return {
      format: (value) =>
        words.currency.replace('{n}', decimalText(words, value, min, max)).replace('{symbol}', symbol),
    };
  }
  if (options.style === 'unit') {
    const unit = words.units[options.unit as DurationUnit];
    if (unit) return { format: (value) => `${decimalText(words, value, 0, 3)} ${unit}` };
  }
  const min = options.minimumFractionDigits ?? 0;
  const max = Math.max(min, options.maximumFractionDigits ?? 3);
  return { format: (value) => decimalText(words, value, min, max) };
}

const pad = (value: number) => String(value).padStart(2, '0');

function datePattern(words: LocaleWords, options: Intl.DateTimeFormatOptions): string | undefined {
  const { dateStyle, timeStyle } = options;
  if (dateStyle || timeStyle) {
    const date = dateStyle ? words.dates[dateStyle] : undefined;
    const time = timeStyle ? words.time : undefined;
    return date && time ? words.dateTime.replace('{date}', date).replace('{time}', time) : (date ?? time);
  }
  const { day, month, year, weekday } = options;
  if (month === 'long' && !day && !year && !weekday) return 'LLLL';
  if (month === 'short' && !day && !year && !weekday) return 'LLL';
  if (weekday === 'long' && !day && !month && !year) return 'EEEE';
  if (day && month && year) return month === 'long' ? words.dates.long : words.dates.medium;
  if (day && month) return month === 'long' ? 'd-MMMM' : 'd-MMM';
  return undefined;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The date formats the app asks for (the date styles, a short time, a date and a time, a month or weekday alone,
 * day and month with or without the year), in `words`; undefined for anything else.
 */
export function fallbackDateFormat(
  words: LocaleWords,
  options: Intl.DateTimeFormatOptions = {},
): DateFormatter | undefined {
  const pattern = datePattern(words, options);
  if (!pattern) return undefined;
  const utc = options.timeZone?.toUpperCase() === 'UTC';
  return {
    format(value) {
      const date = new Date(value);
      const part = {
        year: utc ? date.getUTCFullYear() : date.getFullYear(),
        month: utc ? date.getUTCMonth() : date.getMonth(),
        day: utc ? date.getUTCDate() : date.getDate(),
        weekday: utc ? date.getUTCDay() : date.getDay(),
        hours: utc ? date.getUTCHours() : date.getHours(),
        minutes: utc ? date.getUTCMinutes() : date.getMinutes(),
      };
      return pattern.replace(/EEEE|LLLL|LLL|MMMM|MMM|MM|dd|d|yy|y|HH|mm/g, (token) => {
        switch (token) {
          case 'EEEE':
            return words.weekdays[part.weekday]!;
          case 'LLLL':
            return capitalized(words.months[part.month]!);
          case 'LLL':
            return capitalized(words.monthsShort[part.month]!);
          case 'MMMM':
            return words.months[part.month]!;
          case 'MMM':
            return words.monthsShort[part.month]!;
          case 'MM':
            return pad(part.month + 1);
          case 'dd':
            return pad(part.day);
          case 'd':
            return String(part.day);
          case 'yy':
            return pad(part.year % 100);
          case 'y':
            return String(part.year);
          case 'HH':
            return pad(part.hours);
          default:
            return pad(part.minutes);
        }
      });
    },
  };
}
