import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '../hooks/use-dismiss';
import { ChevronDownIcon } from '../ui/icons';
import { FlagImage } from './flag-image';
import { useLanguage } from './language-context';
import { languageListQuery } from './languages-api';

/** The header's language picker: the current flag and title; a listbox of every language. */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { keyword, title, flag, choose, t, switching } = useLanguage();
  const languages = useQuery(languageListQuery()).data ?? [];
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const listId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);

  const currentIndex = Math.max(
    0,
    languages.findIndex((language) => language.keyword.toLowerCase() === keyword.toLowerCase()),
  );
  useEffect(() => {
    if (open) list.current?.focus();
  }, [open]);

  const openList = () => {
    setActive(currentIndex);
    setOpen(true);
  };
  const pick = (index: number) => {
    const language = languages[index];
    if (language) choose(language);
    setOpen(false);
    button.current?.focus();
  };
  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = languages.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(active + 1, last),
      ArrowUp: Math.max(active - 1, 0),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] ?? 0);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(active);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      setOpen(false);
      if (event.key === 'Escape') button.current?.focus();
    }
  };
  const activeLanguage = languages[active];

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="flex h-10 items-center gap-1.5 rounded-md px-2 text-sm text-text hover:bg-surface-2"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-label={`${t('choose_language')}: ${title}`}
        aria-busy={switching || undefined}
        onClick={() => (open ? setOpen(false) : openList())}
        data-testid="language-button"
      >
        <FlagImage src={flag} />
        <span className={compact ? 'sr-only' : 'hidden sm:inline'}>{title}</span>
        <ChevronDownIcon className="size-4 text-muted" />
      </button>
      {open ? (
        <div
          ref={list}
          id={listId}
          role="listbox"
          tabIndex={-1}
          aria-label={t('choose_language')}
          aria-activedescendant={activeLanguage ? `${listId}-${activeLanguage.lang_id}` : undefined}
          onKeyDown={onListKey}
          className="absolute end-0 z-50 mt-2 max-h-80 w-56 overflow-auto rounded-md border border-border bg-surface py-1 shadow-card focus:outline-none"
        >
          {languages.map((language, index) => {
            const selected = language.keyword.toLowerCase() === keyword.toLowerCase();
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keys (aria-activedescendant)
              <div
                key={language.lang_id}
                id={`${listId}-${language.lang_id}`}
                role="option"
                tabIndex={-1}
                aria-selected={selected}
                onClick={() => pick(index)}
                onPointerMove={() => setActive(index)}
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${
                  index === active ? 'bg-surface-2' : ''
                } ${selected ? 'font-semibold text-text' : 'text-muted'}`}
              >
                <FlagImage src={language.flag} />
                <span lang={language.keyword.toLowerCase()} dir={language.dir}>
                  {language.language_title}
                </span>
              </div>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
