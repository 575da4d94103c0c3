import { type LanguageRecord, type TranslationKey, translate } from '@salomtv/contract';

export { directionOf, htmlLangOf, translate } from '@salomtv/contract';

export type Translate = (key: TranslationKey) => string;

export function createTranslate(record: Partial<LanguageRecord> | undefined): Translate {
  return (key) => translate(record, key);
}

/** A text with its `{name}` marks filled in (every occurrence, as a translation may repeat one). */
export function fillText(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (mark, name: string) => values[name] ?? mark);
}
