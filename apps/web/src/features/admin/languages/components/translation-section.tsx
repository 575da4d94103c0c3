import { describedBy, Field } from '../../../../shared/ui/field';
import { Input, Textarea } from '../../../../shared/ui/input';
import { type FormSection, inputIdOf, isLongText } from './form-layout';

interface TranslationSectionProps {
  section: FormSection;
  texts: Record<string, string>;
  errors: Record<string, string>;
  dir: 'ltr' | 'rtl';
}

/** One section of the catalogue: a labelled input per key, the English text as its hint and placeholder. */
export function TranslationSection({ section, texts, errors, dir }: TranslationSectionProps) {
  return (
    <fieldset className="rounded-card border border-border bg-surface p-5 sm:p-6">
      <legend className="px-2 text-lg font-semibold">{section.title}</legend>
      <div className="grid gap-5 md:grid-cols-2">
        {section.keys.map(({ key, english, label }) => {
          const id = inputIdOf(key);
          const hint = `English: ${english}`;
          const common = {
            id,
            name: key,
            defaultValue: texts[key] ?? '',
            placeholder: english,
            dir,
            maxLength: 2000,
            ...describedBy(id, errors[key], hint),
          };
          return (
            <Field key={key} id={id} label={label} error={errors[key]} hint={hint}>
              {isLongText(english) ? <Textarea rows={3} {...common} /> : <Input {...common} />}
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
