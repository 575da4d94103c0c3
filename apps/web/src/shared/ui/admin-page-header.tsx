import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';

/** The title row of an admin screen, with its actions on the end side. */
export function AdminPageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{title}</h1>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
