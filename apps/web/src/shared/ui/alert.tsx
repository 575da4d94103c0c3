import type { ReactNode } from 'react';

/** A message box inside a form or page (errors and notices). */
export function Alert({
  tone = 'error',
  children,
  id,
}: {
  tone?: 'error' | 'info';
  children: ReactNode;
  id?: string;
}) {
  const colours =
    tone === 'error' ? 'border-danger/50 bg-danger/10 text-danger' : 'border-border bg-surface-2 text-text';
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-4 py-3 text-sm ${colours}`}
    >
      {children}
    </div>
  );
}
