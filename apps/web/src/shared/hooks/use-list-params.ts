import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The address parameters of an admin list: the page (1 and up) and `update`, which sets the given parameters
 * (an empty value removes one) and goes back to page 1 unless `page` itself is among them.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { params, page, update };
}

/**
 * The text of a list's search box, kept in the address as `search` once typing pauses for `delayMs`
 * (a new search starts on page 1). `debounced` is the trimmed text to search for.
 */
export function useSearchParamText(delayMs: number) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const debounced = useDebouncedValue(search.trim(), delayMs);
  useEffect(() => {
    if ((params.get('search') ?? '') === debounced) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced) next.set('search', debounced);
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, params, setParams]);
  return { search, setSearch, debounced };
}
