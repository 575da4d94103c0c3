import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { searchQuery } from '../../shared/api/catalog';
import { useOpenPopup } from '../../shared/hooks/open-title';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value';
import { useDismiss } from '../../shared/hooks/use-dismiss';
import { useKeyword, useT } from '../../shared/i18n/language-context';
import { SearchIcon } from '../../shared/ui/icons';

/**
 * The header's search: titles, cast and genres, with results as the viewer types (a result opens the popup);
 * Enter opens the results page (/search?q=).
 */
export function HeaderSearch() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 250);
  const lang = useKeyword();
  const results = useQuery({ ...searchQuery(query, 1, lang), enabled: open && query.length > 0 });
  const openPopup = useOpenPopup();
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  const listId = useId();
  useDismiss(panel, open, () => setOpen(false));
  const items = results.data?.items ?? [];

  return (
    <div ref={panel} className="relative">
      <button
        type="button"
        aria-label={t('search')}
        title={t('search')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="inline-flex size-10 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-text"
      >
        <SearchIcon />
      </button>
      {open ? (
        <div className="fixed inset-x-3 top-16 z-50 rounded-lg border border-border bg-surface p-3 shadow-xl sm:absolute sm:inset-x-auto sm:end-0 sm:top-12 sm:w-[22rem]">
          <search>
            <form
              onSubmit={(event) => {
                event.preventDefault();
                if (!text.trim()) return;
                setOpen(false);
                navigate(`/search?q=${encodeURIComponent(text.trim())}`);
              }}
            >
              <input
                // biome-ignore lint/a11y/noAutofocus: the viewer just asked to search
                autoFocus
                type="search"
                name="q"
                enterKeyHint="search"
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={t('search_placeholder')}
                aria-label={t('search')}
                aria-controls={listId}
                className="w-full rounded-md border border-border bg-bg px-3 py-2 text-sm"
              />
            </form>
          </search>
          <ul id={listId} aria-live="polite" className="mt-2 max-h-80 overflow-y-auto">
            {query && results.isSuccess && items.length === 0 ? (
              <li className="px-2 py-3 text-sm text-muted">{t('no_search_results')}</li>
            ) : null}
            {items.map((item) => (
              <li key={item.movie_id}>
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    openPopup(item.movie_id);
                  }}
                  className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-start hover:bg-surface-2"
                >
                  {item.img ? (
                    <img
                      src={item.img}
                      alt=""
                      width={40}
                      height={56}
                      loading="lazy"
                      className="h-14 w-10 rounded object-cover"
                    />
                  ) : (
                    <span className="h-14 w-10 rounded bg-surface-2" />
                  )}
                  <span className="min-w-0">
                    <span dir="auto" className="block truncate text-sm font-medium">
                      {item.title}
                    </span>
                    <span className="block truncate text-xs text-muted">
                      {[item.year, ...item.genres].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
