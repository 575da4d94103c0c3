import { englishTexts, type TranslationKey } from './translation-keys.js';

/**
 * A text of the record; English from the catalogue when the record is missing, blank or lacks the key. The web
 * app's `t()` and the server's first paint of the landing page (plugins/web-app.ts) both read texts this way.
 */
/** A translation record as the API sends it (`POST /api/language/get`), or any part of one. */
export type TextsRecord = { readonly [key: string]: unknown };

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
