import { useQuery } from '@tanstack/react-query';
import { languageListQuery } from '../../../../shared/i18n/languages-api';
import { describedBy, Field } from '../../../../shared/ui/field';
import { Input } from '../../../../shared/ui/input';

/**
 * The plan's name in each language but the default one (viewers reading another language see the plan's own
 * name where this is left empty).
 */
export function PlanNamesFields({
  idPrefix,
  names,
  onChange,
  errorOf,
}: {
  idPrefix: string;
  names: Record<string, string>;
  onChange: (names: Record<string, string>) => void;
  errorOf: (field: string) => string | undefined;
}) {
  const languages = (useQuery(languageListQuery()).data ?? []).filter((language) => !language.is_default);
  if (languages.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">Name in other languages</legend>
      <div className="grid gap-5 sm:grid-cols-3">
        {languages.map((language) => {
          const id = `${idPrefix}-name-${language.keyword}`;
          const error = errorOf(`names.${language.keyword}`);
          return (
            <Field key={language.keyword} id={id} label={language.language_title} error={error}>
              <Input
                id={id}
                dir="auto"
                lang={language.keyword.toLowerCase()}
                value={names[language.keyword] ?? ''}
                autoComplete="off"
                onChange={(event) => onChange({ ...names, [language.keyword]: event.target.value })}
                {...describedBy(id, error)}
              />
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
