import type { FormEvent, ReactNode } from 'react';

/** The centred card the sign-in and sign-up screens share: a form with its heading. */
export function AuthCard({
  id,
  title,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-20">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(event);
        }}
        noValidate
        aria-labelledby={`${id}-title`}
        className="flex w-full max-w-md flex-col gap-5 rounded-card border border-border bg-surface p-6 shadow-card sm:p-10"
      >
        <h1 id={`${id}-title`} className="text-3xl font-bold">
          {title}
        </h1>
        {children}
      </form>
    </div>
  );
}
