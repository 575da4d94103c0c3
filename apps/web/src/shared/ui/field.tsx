import type { ReactNode } from 'react';

export const fieldErrorId = (id: string) => `${id}-error`;
export const fieldHintId = (id: string) => `${id}-hint`;

/** The ARIA attributes a control needs to point at its hint and error. */
export function describedBy(id: string, error?: string, hint?: string) {
  const ids = [hint ? fieldHintId(id) : '', error ? fieldErrorId(id) : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A label, its control, an optional hint and the error next to it. */
export function Field({ id, label, error, hint, children, className = '' }: FieldProps) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-text">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={fieldHintId(id)} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
