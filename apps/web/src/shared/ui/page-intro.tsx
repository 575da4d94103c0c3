import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';

/** A page's heading with a short line under it; the starting point of screens later issues fill in. */
export function PageIntro({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto w-full max-w-screen-2xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {description ? <p className="mt-3 max-w-2xl text-muted">{description}</p> : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </section>
  );
}
