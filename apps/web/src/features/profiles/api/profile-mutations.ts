import type {
  AgeRating,
  Profile,
  ProfileCreateBody,
  ProfilesReply,
  ProfileUpdateBody,
} from '@salomtv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { profileKeys, storeProfile } from '../../../shared/api/profiles';
import { refreshProfileData } from './select-profile';

/** A change to the session's own profile (its maturity, kids layout, previews) changes what every page shows. */
function useProfileStored() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    storeProfile(queryClient, profile);
    const reply = queryClient.getQueryData<ProfilesReply>(profileKeys.list);
    if (reply?.current === profile.profile_id) refreshProfileData(queryClient);
  };
}

/** `POST /api/profiles`: a new profile (409 when the plan's limit is reached). */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileCreateBody) =>
      api.request<Profile>('/api/profiles', { method: 'POST', json: body }),
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}

/** `POST /api/profiles/update`: only the fields sent change. */
export function useUpdateProfile() {
  const stored = useProfileStored();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) =>
      api.request<Profile>('/api/profiles/update', { method: 'POST', json: body }),
    onSuccess: stored,
  });
}

/** `POST /api/profiles/avatar` (multipart): an uploaded picture, checked and re-encoded by the server. */
export function useUploadProfileAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, file }: { profileId: number; file: File }) => {
      const form = new FormData();
      form.append('profile_id', String(profileId));
      form.append('avatar', file);
      return api.request<Profile>('/api/profiles/avatar', { method: 'POST', form, timeoutMs: 60_000 });
    },
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}

/** `POST /api/profiles/delete`: the profile with its lists, progress and ratings (never the owner's). */
export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: number) =>
      api.request<{ message: string }>('/api/profiles/delete', {
        method: 'POST',
        json: { profile_id: profileId },
      }),
    onSuccess: (_reply, profileId) => {
      queryClient.setQueryData<ProfilesReply>(profileKeys.list, (reply) =>
        reply
          ? {
              ...reply,
              profiles: reply.profiles.filter((profile) => profile.profile_id !== profileId),
              // The session was on it: it is on none now, and is asked who is watching.
              current: reply.current === profileId ? null : reply.current,
            }
          : reply,
      );
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

/** `POST /api/profiles/pin`: sets (four digits) or removes (null) a profile's PIN; the account password is asked. */
export function useSetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { profile_id: number; pin: string | null; password: string }) =>
      api.request<Profile>('/api/profiles/pin', { method: 'POST', json: body }),
    onSuccess: (profile) => storeProfile(queryClient, profile),
  });
}

/** `POST /api/profiles/maturity-limit`: the account's limit on every profile (null: none). */
export function useSetMaturityLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { maturity_limit: AgeRating | null; password: string }) =>
      api.request<ProfilesReply>('/api/profiles/maturity-limit', { method: 'POST', json: body }),
    onSuccess: (reply) => {
      queryClient.setQueryData(profileKeys.list, reply);
      refreshProfileData(queryClient);
    },
  });
}

/** `POST /api/profiles/unlock`: titles above the account's limit for the rest of this session. */
export function useUnlockMature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api.request<{ message: string }>('/api/profiles/unlock', { method: 'POST', json: { password } }),
    onSuccess: () => refreshProfileData(queryClient),
  });
}
