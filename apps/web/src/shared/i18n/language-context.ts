import type { LanguageSummary } from '@salomtv/contract';
import { createContext, useContext } from 'react';
import type { Translate, TranslatePlural } from './translate';

export type LanguageStatus = 'loading' | 'ready' | 'fallback';

export interface LanguageContextValue {
  /** The keyword whose texts are on screen (En while falling back). */
  keyword: string;
  title: string;
  flag: string | null;
  dir: 'ltr' | 'rtl';
  status: LanguageStatus;
  /** True while a newly chosen language loads (the old texts stay until the new ones arrive). */
  switching: boolean;
  t: Translate;
  plural: TranslatePlural;
  choose: (language: Pick<LanguageSummary, 'keyword' | 'language_title' | 'flag'>) => void;
  retry: () => void;
}

export const LanguageContext = createContext<LanguageContextValue | null>(null);

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage needs a LanguageProvider');
  return value;
}

/** The translate function of the current language: `t('sign_in')`. */
export const useT = (): Translate => useLanguage().t;

/** The plural texts of the current language: `plural('views_count', 2)`. */
export const usePlural = (): TranslatePlural => useLanguage().plural;

/** The keyword of the language on screen: the catalogue's calls ask for titles in it. */
export const useKeyword = (): string => useLanguage().keyword;
