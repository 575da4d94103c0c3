import { compactCount, numberFormat } from './formats.js';
import {
  englishTexts,
  type PluralCategory,
  type PluralKey,
  type TranslationKey,
} from './translation-keys.js';

export const DEFAULT_LANGUAGE_KEYWORD = 'En';
export const DEFAULT_LANGUAGE_TITLE = 'English';

/** A translation record as the API sends it (`POST /api/language/get`), or any part of one. */
export type TextsRecord = { readonly [key: string]: unknown };

/**
 * A text of the record; English from the catalogue when the record is missing, blank or lacks the key. The web
 * app's `t()` and the server's first paint of the landing page (plugins/web-app.ts) both read texts this way.
 */
export function translate(record: TextsRecord | undefined, key: TranslationKey): string {
  const value = record?.[key];
  if (typeof value === 'string' && value.trim() !== '') return value;
  return englishTexts[key] ?? key;
}

/** The writing direction of a record (rtl for Urdu); anything else is left to right. */
export function directionOf(record: TextsRecord | undefined): 'ltr' | 'rtl' {
  return record?.dir === 'rtl' ? 'rtl' : 'ltr';
}

/** A BCP 47 tag for `<html lang>` from a language keyword such as `En` or `Ur`. */
export function htmlLangOf(keyword: string | undefined): string {
  return keyword ? keyword.toLowerCase() : 'en';
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The plural category of `count` in a language (`ru`: 1 one, 2 few, 5 many, 1.5 other); English for an unknown tag. */
export function pluralCategoryOf(locale: string, count: number): PluralCategory {
  let rules = pluralRules.get(locale);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(locale, rules);
  }
  return rules.select(count) as PluralCategory;
}

/**
 * The form of a plural text that the record's language uses for `count`, with `{count}` replaced by `shown`
 * (the number as the page prints it, such as "1.2K"; else the number written in the language). A form the
 * record lacks falls back to English's form for that number.
 */
export function translatePlural(
  record: TextsRecord | undefined,
  key: PluralKey,
  count: number,
  shown?: string,
): string {
  const locale = htmlLangOf(typeof record?.keyword === 'string' ? record.keyword : undefined);
  const own = record?.[`${key}_${pluralCategoryOf(locale, count)}`];
  const text =
    typeof own === 'string' && own.trim() !== ''
      ? own
      : englishTexts[`${key}_${pluralCategoryOf('en', count)}`];
  return text.replaceAll('{count}', shown ?? formatCount(locale, count));
}

function formatCount(locale: string, count: number): string {
  try {
    return numberFormat(locale).format(count);
  } catch {
    return String(count);
  }
}

/**
 * "1.2K views" in the language of `keyword`, through its plural rules: the second carousel's count, the same in
 * the app and on the server's first paint of a browse section.
 */
export function viewsText(
  plural: (key: PluralKey, count: number, shown?: string) => string,
  count: number,
  keyword: string,
): string {
  return plural('views_count', count, compactCount(count, keyword.toLowerCase()));
}

/**
 * A catalogue row's heading: the translation of its key where the key is one of the catalogue's texts, else the
 * title it came with. The browse pages' rows and the server's first paint of a browse section say it alike.
 */
export function rowHeading(
  row: { readonly key: string; readonly title: string },
  t: (key: TranslationKey) => string,
): string {
  return Object.hasOwn(englishTexts, row.key) ? t(row.key as TranslationKey) : row.title;
}

/** A title's age rating as its badge says it: "All" in the viewer's words, a number such as 13+ as written. */
export function ratingText(rating: string | null | undefined, t: (key: TranslationKey) => string): string {
  if (!rating) return '';
  return rating === 'All' ? t('rating_all') : rating;
}
