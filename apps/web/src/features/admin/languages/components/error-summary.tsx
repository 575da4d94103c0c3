import { useEffect, useRef } from 'react';
import type { ApiError } from '../../../../shared/api/api-error';
import { type FormSection, fieldLabel, inputIdOf } from './form-layout';

/** The errors of a refused save at the top of the form, each linking to its input. */
export function ErrorSummary({ error, sections }: { error: ApiError; sections: readonly FormSection[] }) {
  const box = useRef<HTMLDivElement>(null);
  // Each refused save moves focus to the summary, so keyboard and screen-reader users hear it.
  useEffect(() => {
    if (error) box.current?.focus();
  }, [error]);
  const fields = Object.entries(error.fields);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="alert"
      data-testid="error-summary"
      className="mb-6 rounded-md border border-danger/50 bg-danger/10 p-4 text-sm text-danger focus:outline-none"
    >
      <p className="font-semibold">{error.message}</p>
      {fields.length > 0 ? (
        <ul className="mt-2 list-disc ps-5">
          {fields.map(([name, message]) => (
            <li key={name}>
              <a href={`#${inputIdOf(name)}`} className="underline underline-offset-2">
                {fieldLabel(name, sections)}
              </a>
              : {message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
