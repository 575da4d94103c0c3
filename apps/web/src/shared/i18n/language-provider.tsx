import { DEFAULT_LANGUAGE_KEYWORD, DEFAULT_LANGUAGE_TITLE } from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { isApiError } from '../api/api-error';
import { LanguageContext, type LanguageContextValue } from './language-context';
import {
  readStoredLanguage,
  STORAGE_KEYS,
  type StoredLanguage,
  writeStoredLanguage,
} from './language-storage';
import { languageListQuery, languageRecordQuery } from './languages-api';
import { createTranslate, createTranslatePlural, directionOf, htmlLangOf } from './translate';

const DEFAULT_CHOICE: StoredLanguage = {
  keyword: DEFAULT_LANGUAGE_KEYWORD,
  title: DEFAULT_LANGUAGE_TITLE,
  flag: null,
};

/**
 * Holds the viewer's language: the stored choice (`key`, `language_title`, `flag`), its translation record
 * (one fetch per keyword), and `t(key)` with English fallback. Sets `<html lang dir>` so the layout mirrors.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [choice, setChoice] = useState<StoredLanguage>(() => readStoredLanguage());
  const list = useQuery(languageListQuery());
  const recordQuery = useQuery({ ...languageRecordQuery(choice.keyword), placeholderData: keepPreviousData });
  const record = recordQuery.data;
  const failed = recordQuery.isError && !record;

  // A stored language that no longer exists falls back to the default one.
  useEffect(() => {
    if (recordQuery.isError && isApiError(recordQuery.error) && recordQuery.error.status === 404) {
      if (choice.keyword !== DEFAULT_LANGUAGE_KEYWORD) setChoice(DEFAULT_CHOICE);
    }
  }, [recordQuery.isError, recordQuery.error, choice.keyword]);

  // Remember what is on screen (this also stores the first visit's En / English / English flag).
  useEffect(() => {
    if (record && !recordQuery.isPlaceholderData) {
      writeStoredLanguage({ keyword: record.keyword, title: record.language_title, flag: record.flag });
    }
  }, [record, recordQuery.isPlaceholderData]);

  // Another tab chose a language: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.keyword) setChoice(readStoredLanguage());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const shown = failed ? undefined : record;
  const keyword = shown?.keyword ?? (failed ? DEFAULT_LANGUAGE_KEYWORD : choice.keyword);
  const dir = directionOf(shown);

  // Until the record is here the page keeps the direction it was served with (the server's first paint has the
  // language's): a guess would flip a right-to-left paint to left-to-right and back.
  const known = Boolean(shown) || failed;
  useEffect(() => {
    if (!known) return;
    document.documentElement.lang = htmlLangOf(keyword);
    document.documentElement.dir = dir;
  }, [known, keyword, dir]);

  const languages = list.data;
  const fallbackFlag = useMemo(() => {
    const match =
      languages?.find((language) => language.keyword.toLowerCase() === keyword.toLowerCase()) ??
      languages?.find((language) => language.is_default);
    return match?.flag ?? null;
  }, [languages, keyword]);

  const choose = useCallback<LanguageContextValue['choose']>((language) => {
    setChoice({ keyword: language.keyword, title: language.language_title, flag: language.flag });
  }, []);
  const { refetch } = recordQuery;
  const retry = useCallback(() => void refetch(), [refetch]);

  const value = useMemo<LanguageContextValue>(
    () => ({
      keyword,
      title: shown?.language_title ?? (failed ? DEFAULT_LANGUAGE_TITLE : choice.title),
      flag: shown?.flag ?? fallbackFlag ?? (failed ? null : choice.flag),
      dir,
      status: failed ? 'fallback' : record ? 'ready' : 'loading',
      switching: recordQuery.isPlaceholderData,
      t: createTranslate(shown),
      plural: createTranslatePlural(shown),
      choose,
      retry,
    }),
    [keyword, shown, failed, choice, fallbackFlag, dir, record, recordQuery.isPlaceholderData, choose, retry],
  );

  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}
