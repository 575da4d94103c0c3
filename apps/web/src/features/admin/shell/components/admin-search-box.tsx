import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value';
import { useDismiss } from '../../../../shared/hooks/use-dismiss';
import { SearchIcon } from '../../../../shared/ui/icons';
import { adminSearchQuery } from '../api/admin-search';
import { searchGroups } from '../lib/search-links';

/** The top bar's search: titles, users and posts as the admin types; each result opens its admin screen. */
export function AdminSearchBox() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(text.trim(), 250);
  const search = useQuery(adminSearchQuery(q));
  const root = useRef<HTMLElement>(null);
  const resultsId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  const groups = search.data && q ? searchGroups(search.data) : [];
  const count = groups.reduce((sum, group) => sum + group.items.length, 0);
  const showPanel = open && q.length > 0;

  const done = () => {
    setOpen(false);
    setText('');
  };

  return (
    <search ref={root} className="admin-popover relative w-full max-w-md">
      <label htmlFor={`${resultsId}-input`} className="sr-only">
        Search titles, users and posts
      </label>
      <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted" />
      <input
        id={`${resultsId}-input`}
        type="search"
        value={text}
        autoComplete="off"
        placeholder="Search titles, users, posts"
        aria-describedby={showPanel ? `${resultsId}-status` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        className="h-10 w-full rounded-md border border-border bg-surface-2 ps-9 pe-3 text-sm text-text placeholder:text-muted focus:border-brand focus:outline-none"
      />
      {showPanel ? (
        <div
          id={resultsId}
          data-testid="admin-search-results"
          className="absolute start-0 z-50 mt-2 max-h-[70vh] w-full min-w-72 overflow-y-auto rounded-md border border-border bg-surface p-2 text-text shadow-card"
        >
          <p id={`${resultsId}-status`} role="status" className="px-2 py-1 text-xs text-muted">
            {search.isError
              ? 'The search failed. Try again.'
              : search.isFetching && !search.data
                ? 'Searching…'
                : count === 0
                  ? `Nothing matches “${q}”.`
                  : `${count} ${count === 1 ? 'result' : 'results'}`}
          </p>
          {groups.map((group) =>
            group.items.length ? (
              <section key={group.label} aria-label={group.label} className="mt-1">
                <h2 className="px-2 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">
                  {group.label}
                </h2>
                <ul>
                  {group.items.map((item) => (
                    <li key={item.to}>
                      <Link
                        to={item.to}
                        onClick={done}
                        className="flex items-center justify-between gap-3 rounded-md px-2 py-2 text-sm text-text no-underline hover:bg-surface-2"
                      >
                        <span className="min-w-0 truncate">{item.label}</span>
                        <span className="shrink-0 text-xs text-muted">{item.detail}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null,
          )}
        </div>
      ) : null}
    </search>
  );
}
