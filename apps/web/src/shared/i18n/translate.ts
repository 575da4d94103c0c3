import { type LanguageRecord, type TranslationKey, translate } from '@salomtv/contract';

export { directionOf, htmlLangOf, translate } from '@salomtv/contract';

export type Translate = (key: TranslationKey) => string;

export function createTranslate(record: Partial<LanguageRecord> | undefined): Translate {
  return (key) => translate(record, key);
}
