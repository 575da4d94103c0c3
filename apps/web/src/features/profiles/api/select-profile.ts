import type { Profile } from '@salomtv/contract';
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { profileKeys, storeProfile } from '../../../shared/api/profiles';
import { sessionKeys } from '../../../shared/api/session';

/** What stays cached when the profile changes: the languages, the role and the profiles themselves. */
const keptAcrossProfiles = (key: QueryKey) =>
  key[0] === 'languages' ||
  key[0] === profileKeys.all[0] ||
  (key[0] === 'session' && key[1] === sessionKeys.role[1]);

/**
 * Everything else was the old profile's (lists, rows under its maturity, Continue Watching, notifications): it is
 * dropped, and what is on screen asks again.
 */
export function refreshProfileData(queryClient: QueryClient): void {
  void queryClient.resetQueries({ predicate: (query) => !keptAcrossProfiles(query.queryKey) });
  void queryClient.invalidateQueries({ queryKey: profileKeys.all });
}

/** `POST /api/profiles/select`: puts the session on a profile (a locked one with its PIN). */
export function useSelectProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, pin }: { profileId: number; pin?: string }) =>
      api.request<Profile>('/api/profiles/select', {
        method: 'POST',
        json: pin === undefined ? { profile_id: profileId } : { profile_id: profileId, pin },
      }),
    onSuccess: (profile) => {
      storeProfile(queryClient, profile, true);
      refreshProfileData(queryClient);
    },
  });
}

/** `POST /api/profiles/pin` with no PIN: removes a forgotten PIN, the account password being the proof. */
export function useRemoveForgottenPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, password }: { profileId: number; password: string }) =>
      api.request<Profile>('/api/profiles/pin', {
        method: 'POST',
        json: { profile_id: profileId, pin: null, password },
      }),
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}
