import { type KeyboardEvent, useId, useState } from 'react';
import { describedBy, fieldErrorId, fieldHintId } from '../../../../shared/ui/field';
import { addChips } from '../lib/details-form';

interface ChipInputProps {
  id: string;
  label: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  suggestions?: readonly string[];
  max?: number;
  error?: string;
}

/**
 * A list typed as chips: Enter or a comma adds what was typed, the × of a chip (or Backspace in the empty
 * input) removes one. Text left in the input is added when it loses focus, so nothing typed is lost.
 */
export function ChipInput({
  id,
  label,
  values,
  onChange,
  placeholder,
  suggestions,
  max,
  error,
}: ChipInputProps) {
  const [draft, setDraft] = useState('');
  const listId = useId();
  const hint = `Press Enter or type a comma to add${max ? ` (at most ${max})` : ''}.`;

  const commit = (text: string) => {
    if (text.trim()) onChange(addChips(values, text, max));
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div
        className={`flex min-h-11 flex-wrap items-center gap-1.5 rounded-md border bg-surface-2 px-2 py-1.5 focus-within:border-brand ${error ? 'border-danger' : 'border-border'}`}
      >
        <ul className="contents" aria-label={`${label} added`}>
          {values.map((value, index) => (
            <li
              key={value}
              className="inline-flex items-center gap-1 rounded-full bg-bg py-0.5 ps-3 pe-1 text-sm"
              data-testid={`${id}-chip`}
            >
              {value}
              <button
                type="button"
                onClick={() => onChange(values.filter((_, at) => at !== index))}
                className="grid size-6 place-items-center rounded-full text-muted hover:bg-surface-2 hover:text-text"
                aria-label={`Remove ${value}`}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          value={draft}
          onChange={(event) => {
            const text = event.target.value;
            if (text.includes(',')) commit(text);
            else setDraft(text);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => commit(draft)}
          placeholder={values.length === 0 ? placeholder : undefined}
          list={suggestions ? listId : undefined}
          className="h-8 min-w-32 flex-1 bg-transparent px-1 text-text placeholder:text-muted/70 focus:outline-none"
          {...describedBy(id, error, hint)}
        />
        {suggestions ? (
          <datalist id={listId}>
            {suggestions
              .filter((item) => !values.some((value) => value.toLowerCase() === item.toLowerCase()))
              .map((item) => (
                <option key={item} value={item} />
              ))}
          </datalist>
        ) : null}
      </div>
      <p id={fieldHintId(id)} className="text-xs text-muted">
        {hint}
      </p>
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
