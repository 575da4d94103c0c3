import { type FormEvent, useMemo, useState } from 'react';
import type { ApiError } from '../../../../shared/api/api-error';
import { Button } from '../../../../shared/ui/button';
import type { LanguageDetail } from '../api/language-detail';
import { ErrorSummary } from './error-summary';
import { formSections } from './form-layout';
import { LandingDetails } from './landing-details';
import { TranslationSection } from './translation-section';

interface LanguageFormProps {
  language?: LanguageDetail;
  busy: boolean;
  error: ApiError | null;
  onSubmit: (form: FormData) => void;
}

/** The form titled Language, generated from the catalogue: a new key needs no form code. */
export function LanguageForm({ language, busy, error, onSubmit }: LanguageFormProps) {
  const [dir, setDir] = useState<'ltr' | 'rtl'>(language?.dir ?? 'ltr');
  // The plural forms shown follow the language's rules, so they follow the keyword as it is typed.
  const [keyword, setKeyword] = useState(language?.keyword ?? 'en');
  const sections = useMemo(() => formSections(keyword), [keyword]);
  const errors = error?.fields ?? {};

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const flag = form.get('flag');
    if (!(flag instanceof File) || flag.size === 0) form.delete('flag');
    onSubmit(form);
  };

  return (
    <form
      onSubmit={submit}
      onChange={(event) => {
        const target: EventTarget = event.target;
        if (target instanceof HTMLSelectElement && target.name === 'dir')
          setDir(target.value === 'rtl' ? 'rtl' : 'ltr');
        if (target instanceof HTMLInputElement && target.name === 'keyword') setKeyword(target.value);
      }}
      noValidate
      aria-labelledby="language-form-title"
      className="flex flex-col gap-6"
    >
      <h2 id="language-form-title" className="text-xl font-semibold">
        Language
      </h2>
      {error ? <ErrorSummary error={error} sections={sections} /> : null}
      {language ? <input type="hidden" name="lang_id" value={language.lang_id} /> : null}
      <LandingDetails language={language} errors={errors} />
      {sections.map((section) => (
        <TranslationSection
          key={section.title}
          section={section}
          texts={language?.texts ?? {}}
          errors={errors}
          dir={dir}
        />
      ))}
      <div className="sticky bottom-0 z-10 -mx-4 flex justify-end border-t border-border bg-bg/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
        <Button type="submit" size="lg" busy={busy}>
          Submit
        </Button>
      </div>
    </form>
  );
}
