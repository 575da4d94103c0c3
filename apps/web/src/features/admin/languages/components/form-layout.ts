import {
  type TranslationKeyDefinition,
  type TranslationSection,
  translationKeys,
  translationSections,
} from '@salomtv/contract';

/** The id of a key's input: one per key, so no two inputs share a field (the spec's shared ids were a bug). */
export const inputIdOf = (name: string) => `lang-${name}`;

/** Long English texts get a textarea. */
export const isLongText = (english: string) => english.length > 48;

/** "whats_New_on_salomtv" -> "Whats new on salomtv". */
export function humanizeKey(key: string): string {
  const words = key.replace(/_/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface FormSection {
  title: TranslationSection;
  keys: TranslationKeyDefinition[];
}

/** The catalogue grouped by form section, in the order of `translationSections`. */
export function formSections(keys: readonly TranslationKeyDefinition[] = translationKeys): FormSection[] {
  return translationSections
    .map((title) => ({ title, keys: keys.filter((key) => key.section === title) }))
    .filter((section) => section.keys.length > 0);
}

/** The labels of the identity fields and of every key, for the error summary. */
export function fieldLabel(name: string): string {
  const identity: Record<string, string> = {
    language_title: 'Language title',
    keyword: 'Keyword',
    dir: 'Direction',
    flag: 'Flag',
    lang_id: 'Language',
  };
  return identity[name] ?? humanizeKey(name);
}
