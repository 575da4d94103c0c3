import {
  type LanguageRecord,
  type PluralKey,
  type TranslationKey,
  translate,
  translatePlural,
} from '@salomtv/contract';

export { directionOf, htmlLangOf, translate, translatePlural } from '@salomtv/contract';

export type Translate = (key: TranslationKey) => string;
/** A text that says a number, in the form the language's plural rules pick: `plural('views_count', 2)`. */
export type TranslatePlural = (key: PluralKey, count: number, shown?: string) => string;

export function createTranslate(record: Partial<LanguageRecord> | undefined): Translate {
  return (key) => translate(record, key);
}

export function createTranslatePlural(record: Partial<LanguageRecord> | undefined): TranslatePlural {
  return (key, count, shown) => translatePlural(record, key, count, shown);
}

/** A text with its `{name}` marks filled in (every occurrence, as a translation may repeat one). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (mark, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : mark,
  );
}

/** Texts as one message: a full stop between two only where the first does not already end a sentence. */
export function sentences(texts: readonly string[]): string {
  return texts
    .filter(Boolean)
    .reduce((joined, text) => (joined ? `${joined}${/[.!?۔]$/u.test(joined) ? '' : '.'} ${text}` : text), '');
}
