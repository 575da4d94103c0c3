import { fallbackWordsFor } from '@salomtv/contract';
import { useEffect, useState } from 'react';

/** Country names by ISO code and language names by code, in one language. */
export interface DisplayNameTables {
  regions: Readonly<Record<string, string>>;
  languages: Readonly<Record<string, string>>;
}

// Loaded only where the browser lacks the language's data (Chromium and Uzbek): a chunk of its own.
const LOADERS: Record<string, () => Promise<DisplayNameTables>> = {
  uz: () => import('./display-names/uz'),
};
const loaded = new Map<string, DisplayNameTables>();

/**
 * The country and language names of `locale` where this browser's Intl has none of its own (fetched once, the page
 * rendering again when they arrive); undefined where Intl can name them itself.
 */
export function useDisplayNames(locale: string): DisplayNameTables | undefined {
  const language = locale.toLowerCase().split('-')[0] ?? '';
  const load = fallbackWordsFor(language) ? LOADERS[language] : undefined;
  const [, arrived] = useState(0);
  useEffect(() => {
    if (!load || loaded.has(language)) return;
    let live = true;
    load()
      .then((tables) => {
        loaded.set(language, tables);
        if (live) arrived((count) => count + 1);
      })
      .catch(() => {
        // Without the chunk (offline, a new build deployed) the names stay Intl's English ones.
      });
    return () => {
      live = false;
    };
  }, [language, load]);
  return load ? loaded.get(language) : undefined;
}
