import { englishTexts, type LanguageRecord, type TranslationKey } from '@salomtv/contract';

export type Translate = (key: TranslationKey) => string;

/** A text of the record; English from the catalogue when the record is missing, blank or lacks the key. */
export function translate(record: Partial<LanguageRecord> | undefined, key: TranslationKey): string {
  const value = record?.[key];
  if (typeof value === 'string' && value.trim() !== '') return value;
  return englishTexts[key] ?? key;
}

export function createTranslate(record: Partial<LanguageRecord> | undefined): Translate {
  return (key) => translate(record, key);
}

/** The writing direction of a record (rtl for Urdu); anything else is left to right. */
export function directionOf(record: Partial<LanguageRecord> | undefined): 'ltr' | 'rtl' {
  return record?.dir === 'rtl' ? 'rtl' : 'ltr';
}

/** A BCP 47 tag for `<html lang>` from a language keyword such as `En` or `Ur`. */
export function htmlLangOf(keyword: string | undefined): string {
  return keyword ? keyword.toLowerCase() : 'en';
}
