import {
  htmlLangOf,
  type PluralCategory,
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

const LABEL_LENGTH = 40;

/** The first clause of an English text, cut at a word: "It is super easy: save a title…" -> "It is super easy". */
export function clauseOf(english: string): string {
  const clause = (english.split(/[:.;?!—](?:\s|$)/)[0] ?? english).trim();
  if (clause.length <= LABEL_LENGTH) return clause;
  const cut = clause.slice(0, LABEL_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : LABEL_LENGTH)}…`;
}

/** The plural categories a language's rules use (`ru`: one, few, many, other), from its keyword. */
export function pluralCategoriesOf(keyword: string): PluralCategory[] {
  try {
    return new Intl.PluralRules(htmlLangOf(keyword)).resolvedOptions().pluralCategories as PluralCategory[];
  } catch {
    return ['one', 'other'];
  }
}

/** A few numbers that take a category's form in a language, for its label: "1, 21, 31". */
export function pluralExamples(keyword: string, category: PluralCategory): string {
  let rules: Intl.PluralRules;
  try {
    rules = new Intl.PluralRules(htmlLangOf(keyword));
  } catch {
    rules = new Intl.PluralRules('en');
  }
  const found: number[] = [];
  for (let n = 0; n <= 1000 && found.length < 3; n++) if (rules.select(n) === category) found.push(n);
  if (found.length === 0 && rules.select(1.5) === category) found.push(1.5);
  return found.join(', ');
}

export interface FormField extends TranslationKeyDefinition {
  /** What the input is labelled with: what the text says, never its key name. */
  label: string;
}

export interface FormSection {
  title: TranslationSection;
  keys: FormField[];
}

/**
 * The catalogue grouped by form section, in the order of `translationSections`, each key with its label: the start
 * of its English text, with the key's words added where two texts of a section start alike; the forms of a plural
 * text are the ones the language's rules use, each labelled with numbers that take it.
 */
export function formSections(
  keyword: string,
  keys: readonly TranslationKeyDefinition[] = translationKeys,
): FormSection[] {
  const categories = new Set(pluralCategoriesOf(keyword));
  return translationSections
    .map((title) => {
      const fields = keys
        .filter((key) => key.section === title && (!key.plural || categories.has(key.plural.category)))
        .map((key) => ({ ...key, label: clauseOf(key.english) }));
      const counts = new Map<string, number>();
      for (const field of fields) counts.set(field.label, (counts.get(field.label) ?? 0) + 1);
      return {
        title,
        keys: fields.map((field) => {
          if (field.plural) {
            const examples = pluralExamples(keyword, field.plural.category);
            const base = clauseOf(englishOther(keys, field.plural.key));
            return { ...field, label: `${base} (${field.plural.category}: ${examples})` };
          }
          return (counts.get(field.label) ?? 0) > 1
            ? { ...field, label: `${field.label} (${humanizeKey(field.key)})` }
            : field;
        }),
      };
    })
    .filter((section) => section.keys.length > 0);
}

function englishOther(keys: readonly TranslationKeyDefinition[], pluralKey: string): string {
  return keys.find((key) => key.key === `${pluralKey}_other`)?.english ?? pluralKey;
}

/** The labels of the identity fields and of every key on the form, for the error summary. */
export function fieldLabel(name: string, sections: readonly FormSection[]): string {
  const identity: Record<string, string> = {
    language_title: 'Language title',
    keyword: 'Keyword',
    dir: 'Direction',
    flag: 'Flag',
    lang_id: 'Language',
  };
  const field = sections.flatMap((section) => section.keys).find((key) => key.key === name);
  return identity[name] ?? field?.label ?? humanizeKey(name);
}
