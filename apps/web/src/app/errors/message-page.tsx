import type { ReactNode } from 'react';

/** A centred message with actions: errors, not found, no access. */
export function MessagePage({
  title,
  children,
  code,
}: {
  title: string;
  children?: ReactNode;
  code?: string;
}) {
  return (
    <section className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-5 px-6 py-16 text-center">
      {code ? (
        <p className="text-6xl font-black text-brand-strong" aria-hidden>
          {code}
        </p>
      ) : null}
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <div className="flex flex-wrap items-center justify-center gap-3">{children}</div>
    </section>
  );
}
