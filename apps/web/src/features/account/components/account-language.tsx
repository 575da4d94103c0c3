import type { Me, UserEditReply } from '@salomtv/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { api } from '../../../shared/api/api-client';
import {
  currentProfileOf,
  profileKeys,
  profilesQuery,
  storeCurrentLanguage,
} from '../../../shared/api/profiles';
import { meQuery, roleQuery, sessionKeys } from '../../../shared/api/session';
import {
  LanguageContext,
  type LanguageContextValue,
  useLanguage,
} from '../../../shared/i18n/language-context';
import { languageListQuery } from '../../../shared/i18n/languages-api';

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
const seenKey = (userId: number, profileId: number, language: string) =>
  `${userId}:${profileId}:${language.toLowerCase()}`;

/**
 * Ties the display language to the signed-in account's profile: the profile's saved language (else the account's)
 * is applied when the profile is first seen (at sign-in, on every load and after a profile switch), and a language
 * picked anywhere (the header's menu) while signed in is saved on the profile, so it follows the viewer to the next
 * sign-in.
 */
export function AccountLanguage({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const { choose: show, keyword } = language;
  const queryClient = useQueryClient();
  const role = useQuery(roleQuery()).data;
  const me = useQuery({ ...meQuery(), enabled: Boolean(role) }).data;
  const profile = currentProfileOf(useQuery({ ...profilesQuery(), enabled: Boolean(role) }).data);
  const languages = useQuery(languageListQuery()).data;
  const applied = useRef<string | null>(null);
  // The profile whose language was last looked at: a switch to another one is a new start.
  const shownFor = useRef<number | null>(null);
  // The profile's language once the profiles are known (the account's stands in for a profile without one).
  const wanted = profile ? (profile.language ?? me?.language) : undefined;

  useEffect(() => {
    if (!role || !me || !profile || !languages) return;
    const previous = shownFor.current;
    shownFor.current = profile.profile_id;
    // Switched to a profile with no language at all: the default one (at a first load the browser's choice stays).
    const switched = previous !== null && previous !== profile.profile_id;
    const target = wanted ?? (switched ? languages.find((item) => item.is_default)?.keyword : undefined);
    if (!target) return;
    const seen = seenKey(me.user_id, profile.profile_id, target);
    if (applied.current === seen) return;
    applied.current = seen;
    const saved = languages.find((item) => same(item.keyword, target));
    if (saved && !same(saved.keyword, keyword)) show(saved);
  }, [role, me, profile, wanted, languages, keyword, show]);

  const save = useMutation({
    mutationFn: (keywordToSave: string) =>
      api.request<UserEditReply>('/api/user/edit', { method: 'POST', json: { language: keywordToSave } }),
    onSuccess: (reply) => {
      storeCurrentLanguage(queryClient, reply.profile.language);
      const owner = currentProfileOf(queryClient.getQueryData(profileKeys.list))?.owner;
      // The owner's profile speaks for the account too.
      if (owner)
        queryClient.setQueryData<Me>(sessionKeys.me, (old) =>
          old ? { ...old, language: reply.profile.language } : old,
        );
    },
  });
  const { mutate: saveOnProfile } = save;

  const choose = useCallback<LanguageContextValue['choose']>(
    (picked) => {
      show(picked);
      const account = queryClient.getQueryData<Me>(sessionKeys.me);
      const signedIn = queryClient.getQueryData(sessionKeys.role);
      const current = currentProfileOf(queryClient.getQueryData(profileKeys.list));
      if (!signedIn || !account || !current) return;
      if (same(current.language ?? account.language, picked.keyword)) return;
      applied.current = seenKey(account.user_id, current.profile_id, picked.keyword);
      saveOnProfile(picked.keyword);
    },
    [show, queryClient, saveOnProfile],
  );

  const value = useMemo(() => ({ ...language, choose }), [language, choose]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}
