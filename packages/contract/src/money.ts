import { z } from 'zod';
import { numberFormat } from './formats.js';

/**
 * Money is an integer count of the currency's minor unit (cents; tiyin for so'm, 1 so'm = 100 tiyin): every
 * currency we price in has two decimals, so 100 minor units make one major unit.
 */
export const MINOR_PER_MAJOR = 100;

/** The highest price one period can have, in minor units (the money columns are 32-bit integers). */
export const MAX_PRICE_MINOR = 2_000_000_000;

const NBSP = '\u00a0';

/** Uzbek so'm as each language writes it after the amount; a language not listed writes it the English way. */
const SOM_NAMES: Readonly<Record<string, string>> = { ru: 'сум' };
const SOM_DEFAULT = "so'm";

/** `En`, `en-US` or `uz` -> `en`, `en`, `uz`. */
function languageOf(language: string): string {
  return (language.split(/[-_]/)[0] ?? 'en').toLowerCase() || 'en';
}

/** Groups of three digits joined by no-break spaces: 4900000 -> "4 900 000". */
function spaced(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/**
 * An amount in minor units as the language writes it: "$19" and "$7.99" (en), "49 000 so'm" (en, uz),
 * "49 000 сум" (ru). Whole amounts drop their decimals. The spaces are no-break spaces, so a price never wraps.
 */
export function formatMoney(minor: number, currency: string, language: string): string {
  const code = currency.toUpperCase();
  const lang = languageOf(language);
  const whole = minor % MINOR_PER_MAJOR === 0;
  if (code === 'UZS') {
    const major = Math.trunc(minor / MINOR_PER_MAJOR);
    const fraction = whole
      ? ''
      : `${lang === 'en' ? '.' : ','}${String(Math.abs(minor % MINOR_PER_MAJOR)).padStart(2, '0')}`;
    return `${spaced(major)}${fraction}${NBSP}${SOM_NAMES[lang] ?? SOM_DEFAULT}`;
  }
  try {
    return numberFormat([lang, 'en'], {
      style: 'currency',
      currency: code,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(minor / MINOR_PER_MAJOR);
  } catch {
    return `${(minor / MINOR_PER_MAJOR).toFixed(whole ? 0 : 2)}${NBSP}${code}`;
  }
}

/** The currencies a market pays in, by the phone number's country calling code; every other number pays in USD. */
const MARKETS: ReadonlyArray<readonly [prefix: string, currency: string]> = [['+998', 'UZS']];
export const DEFAULT_CURRENCY = 'USD';

/** The currency of the account's market: +998 (Uzbekistan) pays in so'm; any other number, or none, in USD. */
export function marketCurrency(phone: string | null | undefined): string {
  const number = (phone ?? '').replace(/[\s()-]/g, '');
  return MARKETS.find(([prefix]) => number.startsWith(prefix))?.[1] ?? DEFAULT_CURRENCY;
}

export const currencyCodeSchema = z
  .string({ error: 'Enter a currency code' })
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'Use a three-letter currency code such as USD')
  .transform((value) => value.toUpperCase());

export const priceMinorSchema = z
  .number({ error: 'Enter the price' })
  .int('Enter the price in whole minor units (cents, tiyin)')
  .min(0, 'A price cannot be negative')
  .max(MAX_PRICE_MINOR, 'This price is too high');

/** One currency's price of a plan: a month, and a year where the plan is sold by the year. */
export const currencyPriceSchema = z.strictObject({
  month: priceMinorSchema,
  year: priceMinorSchema.nullable().default(null),
});
export type CurrencyPrice = z.output<typeof currencyPriceSchema>;

/** A plan's prices by currency (`{"USD":{"month":1900,"year":19000},"UZS":{"month":4900000,"year":null}}`). */
export const planPricesSchema = z
  .record(
    z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code in capitals, such as UZS'),
    currencyPriceSchema,
  )
  .refine((prices) => Object.keys(prices).length > 0, 'Give the plan at least one price');
export type PlanPrices = Record<string, CurrencyPrice>;
