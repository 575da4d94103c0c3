import type { Me, OtpSendReply, UserEditBody, UserEditReply, UserProfile } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { currentProfileOf, profileKeys, storeCurrentLanguage } from '../../../shared/api/profiles';
import { sessionKeys } from '../../../shared/api/session';

export const accountKeys = { profile: ['account', 'profile'] as const };

/** `GET /api/user/profile`: the signed-in viewer's own account. */
export const profileQuery = () =>
  queryOptions({
    queryKey: accountKeys.profile,
    queryFn: ({ signal }) => api.request<UserProfile>('/api/user/profile', { signal }),
    retry: false,
  });

/** Keeps the header's copy of the account (`/api/user/me`) in step with a changed profile. */
function useProfileSaved() {
  const queryClient = useQueryClient();
  return (profile: UserProfile) => {
    // The language the account page shows and saves is the session's profile's.
    const current = currentProfileOf(queryClient.getQueryData(profileKeys.list));
    const shown = current?.language ?? queryClient.getQueryData<Me>(sessionKeys.me)?.language;
    if (current && (shown ?? '').toLowerCase() !== (profile.language ?? '').toLowerCase())
      storeCurrentLanguage(queryClient, profile.language);
    queryClient.setQueryData(accountKeys.profile, profile);
    queryClient.setQueryData<Me>(sessionKeys.me, (me) =>
      me
        ? {
            ...me,
            first_name: profile.first_name,
            last_name: profile.last_name,
            email: profile.email,
            phone_number: profile.phone_number,
            language: profile.language,
          }
        : me,
    );
  };
}

/** `POST /api/user/edit`: any of the account's fields; answers the whole profile. */
export function useEditProfile() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (body: UserEditBody) =>
      api.request<UserEditReply>('/api/user/edit', { method: 'POST', json: body }),
    onSuccess: (reply) => saved(reply.profile),
  });
}

/**
 * `POST /api/user/email/confirm`: the code mailed to the pending email makes it the account's email. A refusal
 * may have changed the profile (a 409 drops the pending email), so the profile is read again then.
 */
export function useConfirmEmail() {
  const saved = useProfileSaved();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      api.request<UserProfile>('/api/user/email/confirm', { method: 'POST', json: { code } }),
    onSuccess: saved,
    onError: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile }),
  });
}

/** `POST /api/user/email/resend`: a new code to the pending email. */
export const useResendEmailCode = () =>
  useMutation({
    mutationFn: () => api.request<OtpSendReply>('/api/user/email/resend', { method: 'POST' }),
  });

/** `POST /api/user/avatar` (multipart `avatar`): the server re-encodes the picture. */
export function useUploadAvatar() {
  const saved = useProfileSaved();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('avatar', file);
      return api.request<UserProfile>('/api/user/avatar', { method: 'POST', form, timeoutMs: 60_000 });
    },
    onSuccess: saved,
  });
}

/** `POST /api/otp/send` with purpose `phone_change`: a code to the new number before it may replace the old. */
export const usePhoneChangeCode = () =>
  useMutation({
    mutationFn: (phoneNumber: string) =>
      api.request<{ resendAfterSeconds: number }>('/api/otp/send', {
        method: 'POST',
        json: { phoneNumber, purpose: 'phone_change' },
      }),
  });
