import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { LoadingState } from './loading-state';

/** A table head of plain column names. */
export function TableHead({
  columns,
  className,
  cellClassName,
}: {
  columns: readonly string[];
  className: string;
  cellClassName: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={`${cellClassName} text-start`}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

interface ListTableProps {
  columns: readonly string[];
  /** The table's least width, e.g. `min-w-[960px]`. */
  minWidth: string;
  caption?: string;
  busy: boolean;
  testId?: string;
  /** Names the scrolling frame and lets the keyboard reach it (a table wide enough to scroll on its own). */
  regionLabel?: string;
  /** Shown in one row across the table when there are no rows. */
  empty: ReactNode | null;
  children: ReactNode;
}

/** The framed, scrolling table of an admin list, with its head and the row shown when it is empty. */
export function ListTable({
  columns,
  minWidth,
  caption,
  busy,
  testId,
  regionLabel,
  empty,
  children,
}: ListTableProps) {
  const frame = 'overflow-x-auto rounded-card border border-border bg-surface';
  const table = (
    <table className={`w-full ${minWidth} text-start text-sm`} data-testid={testId}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <TableHead
        columns={columns}
        className="bg-surface-2 text-xs uppercase tracking-wide text-muted"
        cellClassName="px-4 py-3"
      />
      <tbody>
        {children}
        {empty ? (
          <tr>
            <td colSpan={columns.length} className="px-4 py-8 text-center text-muted">
              {empty}
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
  if (!regionLabel)
    return (
      <div className={frame} aria-busy={busy}>
        {table}
      </div>
    );
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section aria-label={regionLabel} tabIndex={0} className={frame} aria-busy={busy}>
      {table}
    </section>
  );
}

/** A compact table of a dashboard panel: its head and the rows. */
export function CompactTable({
  columns,
  minWidth,
  testId,
  children,
}: {
  columns: readonly string[];
  /** The table's least width, e.g. `min-w-[560px]`. */
  minWidth: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <table className={`w-full ${minWidth} text-start text-sm`} data-testid={testId}>
      <TableHead
        columns={columns}
        className="text-xs uppercase tracking-wide text-muted"
        cellClassName="px-3 py-2"
      />
      <tbody>{children}</tbody>
    </table>
  );
}

/** A list's loading and failed states: the spinner while it loads, the error (with Try again when `retry`). */
export function ListQueryState({
  query,
  loadingLabel,
  retry = false,
}: {
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'refetch'>;
  loadingLabel: string;
  retry?: boolean;
}) {
  if (query.isPending) return <LoadingState label={loadingLabel} />;
  if (!query.isError || !query.error) return null;
  if (!retry) return <Alert>{query.error.message}</Alert>;
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>{query.error.message}</Alert>
      <Button variant="secondary" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
