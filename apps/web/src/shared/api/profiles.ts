import type { Profile, ProfilesReply } from '@salomtv/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { roleQuery } from './session';

// Who is watching: the account's profiles and the one this session is on. Every page that acts on the profile
// (the header, home's kids layout, previews, the display language) reads it from here.

export const profileKeys = {
  all: ['profiles'] as const,
  list: ['profiles', 'list'] as const,
};

/** `GET /api/profiles`: the household's profiles, the session's one, the plan's limit and the account's maturity limit. */
export const profilesQuery = () =>
  queryOptions({
    queryKey: profileKeys.list,
    queryFn: ({ signal }) => api.request<ProfilesReply>('/api/profiles', { signal }),
    staleTime: 60_000,
    retry: false,
  });

/** The profile a reply says the session is on. */
export const currentProfileOf = (reply: ProfilesReply | undefined): Profile | undefined =>
  reply?.profiles.find((profile) => profile.profile_id === reply.current);

/** The profiles of the signed-in account, or what `select` picks of them (nothing is asked while signed out). */
export function useProfiles<T = ProfilesReply>(select?: (reply: ProfilesReply) => T) {
  const signedIn = Boolean(useQuery(roleQuery()).data);
  return useQuery({ ...profilesQuery(), enabled: signedIn, select });
}

/** The profile this session is on; undefined while signed out or not known yet. */
export function useCurrentProfile(): Profile | undefined {
  return useProfiles(currentProfileOf).data;
}

const autoplaysPreviews = (reply: ProfilesReply) => currentProfileOf(reply)?.autoplay_previews;

/** Whether cards may play their trailer previews: the profile's setting (signed out: yes). */
export function useAutoplayPreviews(): boolean {
  const profiles = useProfiles(autoplaysPreviews);
  return profiles.data ?? !profiles.isEnabled;
}

/** Writes a changed profile into the cached list (the server answers the whole profile). */
export function storeProfile(queryClient: QueryClient, profile: Profile, current?: boolean): void {
  queryClient.setQueryData<ProfilesReply>(profileKeys.list, (reply) =>
    reply
      ? {
          ...reply,
          current: current ? profile.profile_id : reply.current,
          profiles: reply.profiles.some((item) => item.profile_id === profile.profile_id)
            ? reply.profiles.map((item) => (item.profile_id === profile.profile_id ? profile : item))
            : [...reply.profiles, profile],
        }
      : reply,
  );
}

/** The session's profile now shows this display language (`POST /api/user/edit` saved it on the profile). */
export function storeCurrentLanguage(queryClient: QueryClient, language: string | null): void {
  const current = currentProfileOf(queryClient.getQueryData<ProfilesReply>(profileKeys.list));
  if (current) storeProfile(queryClient, { ...current, language });
}
