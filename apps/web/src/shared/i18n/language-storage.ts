import { DEFAULT_LANGUAGE_KEYWORD, DEFAULT_LANGUAGE_TITLE, LANGUAGE_COOKIE } from '@salomtv/contract';

/** The browser storage names of the spec: `key` (language code), `language_title` and `flag`. */
export const STORAGE_KEYS = { keyword: 'key', title: 'language_title', flag: 'flag' } as const;

export interface StoredLanguage {
  keyword: string;
  title: string;
  flag: string | null;
}

export interface KeyValueStore {
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
}

function browserStore(): KeyValueStore | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage blocked (private mode, sandbox): the defaults still work
  }
}

/** The stored choice, with the defaults of a first visit: En / English, flag unknown until the list arrives. */
export function readStoredLanguage(store: KeyValueStore | undefined = browserStore()): StoredLanguage {
  const keyword = store?.getItem(STORAGE_KEYS.keyword)?.trim();
  const title = store?.getItem(STORAGE_KEYS.title)?.trim();
  const flag = store?.getItem(STORAGE_KEYS.flag)?.trim();
  const validKeyword = keyword && /^[A-Za-z]{2,10}$/.test(keyword) ? keyword : undefined;
  return {
    keyword: validKeyword ?? DEFAULT_LANGUAGE_KEYWORD,
    title: (validKeyword && title) || DEFAULT_LANGUAGE_TITLE,
    flag: (validKeyword && flag) || null,
  };
}

export function writeStoredLanguage(
  choice: StoredLanguage,
  store: KeyValueStore | undefined = browserStore(),
): void {
  try {
    store?.setItem(STORAGE_KEYS.keyword, choice.keyword);
    store?.setItem(STORAGE_KEYS.title, choice.title);
    if (choice.flag) store?.setItem(STORAGE_KEYS.flag, choice.flag);
  } catch {
    // A full or blocked storage only loses the choice for the next visit.
  }
  mirrorLanguageCookie(choice.keyword);
}

/** The keyword as a cookie too: the server paints the landing page in it on the next visit (web-app.ts). */
function mirrorLanguageCookie(keyword: string): void {
  if (typeof document === 'undefined' || !/^[A-Za-z]{2,10}$/.test(keyword)) return;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser
  document.cookie = `${LANGUAGE_COOKIE}=${keyword}; path=/; max-age=31536000; samesite=lax${secure}`;
}
