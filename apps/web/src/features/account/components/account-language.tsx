import type { Me, UserEditReply } from '@salomtv/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { api } from '../../../shared/api/api-client';
import { meQuery, roleQuery, sessionKeys } from '../../../shared/api/session';
import {
  LanguageContext,
  type LanguageContextValue,
  useLanguage,
} from '../../../shared/i18n/language-context';
import { languageListQuery } from '../../../shared/i18n/languages-api';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * Ties the display language to the signed-in account: the account's saved language is applied when the
 * account is first seen (at sign-in and on every load), and a language picked anywhere (the header's menu)
 * while signed in is saved on the account, so it follows the viewer to the next sign-in.
 */
export function AccountLanguage({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const { choose: show, keyword } = language;
  const queryClient = useQueryClient();
  const role = useQuery(roleQuery()).data;
  const me = useQuery({ ...meQuery(), enabled: Boolean(role) }).data;
  const languages = useQuery(languageListQuery()).data;
  const applied = useRef<string | null>(null);

  useEffect(() => {
    if (!role || !me?.language || !languages) return;
    const seen = `${me.user_id}:${me.language.toLowerCase()}`;
    if (applied.current === seen) return;
    applied.current = seen;
    const saved = languages.find((item) => same(item.keyword, me.language));
    if (saved && !same(saved.keyword, keyword)) show(saved);
  }, [role, me, languages, keyword, show]);

  const save = useMutation({
    mutationFn: (keywordToSave: string) =>
      api.request<UserEditReply>('/api/user/edit', { method: 'POST', json: { language: keywordToSave } }),
    onSuccess: (reply) =>
      queryClient.setQueryData<Me>(sessionKeys.me, (old) =>
        old ? { ...old, language: reply.profile.language } : old,
      ),
  });
  const { mutate: saveOnAccount } = save;

  const choose = useCallback<LanguageContextValue['choose']>(
    (picked) => {
      show(picked);
      const account = queryClient.getQueryData<Me>(sessionKeys.me);
      const signedIn = queryClient.getQueryData(sessionKeys.role);
      if (!signedIn || !account || same(account.language, picked.keyword)) return;
      applied.current = `${account.user_id}:${picked.keyword.toLowerCase()}`;
      saveOnAccount(picked.keyword);
    },
    [show, queryClient, saveOnAccount],
  );

  const value = useMemo(() => ({ ...language, choose }), [language, choose]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}
