import {
  compactCount,
  dateTimeFormat,
  fallbackDateFormat,
  fallbackNumberFormat,
  fallbackWordsFor,
  LOCALE_WORDS,
  numberFormat,
} from '@salomtv/contract';
import { describe, expect, it } from 'vitest';

// Node has ICU's data for Uzbek, Chromium has not: the stand-in words must write what Node's Intl writes.
const uz = LOCALE_WORDS.uz!;
const intlDate = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('uz', options);

describe('Uzbek dates, numbers and lengths where the runtime has no data for Uzbek', () => {
  const days = Array.from({ length: 12 }, (_, month) =>
    Date.UTC(1995, month, 2 + month * 2, month, month * 5),
  );

  it('writes every date style, a time, and a month or weekday alone as Intl does with the data', () => {
    for (const options of [
      { dateStyle: 'full' },
      { dateStyle: 'long' },
      { dateStyle: 'medium' },
      { dateStyle: 'short' },
      { timeStyle: 'short' },
      { dateStyle: 'medium', timeStyle: 'short' },
      { dateStyle: 'long', timeStyle: 'short' },
      { day: 'numeric', month: 'short', year: 'numeric' },
      { day: 'numeric', month: 'long', year: 'numeric' },
      { day: 'numeric', month: 'long' },
      { month: 'long' },
      { month: 'short' },
      { weekday: 'long' },
    ] as Intl.DateTimeFormatOptions[]) {
      const withZone = { ...options, timeZone: 'UTC' };
      const ours = fallbackDateFormat(uz, withZone)!;
      for (const day of days)
        expect(ours.format(day), JSON.stringify(options)).toBe(intlDate(withZone).format(day));
    }
    expect(
      fallbackDateFormat(uz, { dateStyle: 'long', timeZone: 'UTC' })!.format(Date.UTC(1995, 3, 12)),
    ).toBe('12-aprel, 1995');
  });

  it('writes plain numbers, money, compact counts and short length units as Intl does with the data', () => {
    for (const [value, options] of [
      [1234567.5, {}],
      [-1234.5678, {}],
      [0, {}],
      [999, {}],
      [7.99, { style: 'currency', currency: 'USD' }],
      [19, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 }],
      [7.99, { style: 'currency', currency: 'EUR' }],
      [120000, { style: 'currency', currency: 'UZS', minimumFractionDigits: 0 }],
      [1000, { notation: 'compact' }],
      [1234, { notation: 'compact' }],
      [12345, { notation: 'compact' }],
      [123456, { notation: 'compact' }],
      [999950, { notation: 'compact' }],
      [2500000, { notation: 'compact' }],
      [3e9, { notation: 'compact' }],
      [1, { style: 'unit', unit: 'hour', unitDisplay: 'short' }],
      [52, { style: 'unit', unit: 'minute', unitDisplay: 'short' }],
      [4, { style: 'unit', unit: 'second', unitDisplay: 'short' }],
    ] as [number, Intl.NumberFormatOptions][]) {
      expect(fallbackNumberFormat(uz, options).format(value), `${value} ${JSON.stringify(options)}`).toBe(
        new Intl.NumberFormat('uz', options).format(value),
      );
    }
  });

  it('stands in only where Intl has no data for the language', () => {
    // This runtime has Uzbek's data; Russian and English need no words of ours.
    expect(fallbackWordsFor('uz')).toBeUndefined();
    expect(fallbackWordsFor(['ru', 'en'])).toBeUndefined();
    expect(
      dateTimeFormat(['uz', 'en'], { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(1995, 3, 12)),
    ).toBe('12-aprel, 1995');
    expect(numberFormat('uz').format(1234.5)).toBe('1\u00a0234,5');
    expect(compactCount(1234, 'uz')).toBe('1,2\u00a0ming');
  });
});
