import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../../shared/ui/button';
import { Spinner } from '../../../../shared/ui/loading-state';

/** A titled dashboard card. */
export function Panel({
  title,
  id,
  actions,
  className = '',
  children,
}: {
  title: string;
  id?: string;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, '-')}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`scroll-mt-20 rounded-card border border-border bg-surface p-4 sm:p-5 ${className}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/**
 * Loading, error-with-retry and empty states around a query's answer; `children` renders the data.
 * `unavailable` covers figures whose table is not installed yet (the server says `available: false`).
 */
export function QueryView<T>({
  query,
  what,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  /** Such as "the revenue": used in the loading and error texts. */
  what: string;
  isEmpty?: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status" className="flex min-h-32 items-center justify-center gap-3 text-sm text-muted">
        <Spinner className="size-5" /> Loading {what}…
      </div>
    );
  }
  if (query.isError) {
    return (
      <div
        role="alert"
        className="flex min-h-32 flex-col items-center justify-center gap-3 text-center text-sm"
      >
        <p className="text-danger">
          Could not load {what}: {query.error instanceof Error ? query.error.message : 'unknown error'}
        </p>
        <Button size="sm" variant="secondary" busy={query.isFetching} onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (isEmpty?.(query.data)) {
    return (
      <div className="flex min-h-32 items-center justify-center text-center text-sm text-muted">{empty}</div>
    );
  }
  return <>{children(query.data)}</>;
}

/** A table that may scroll sideways: keyboard users can focus it to scroll (WCAG scrollable-region-focusable). */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className="overflow-x-auto rounded-md">
      {children}
    </section>
  );
}
