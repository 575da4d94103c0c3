import type { SignupBody, SignupReply } from '@salomtv/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { useSessionStarted } from '../../../shared/api/session';

/** `POST /api/user/add`: creates the account (needs the proof cookie of a verified code) and signs it in. */
export const signUp = (body: SignupBody) =>
  api.request<SignupReply>('/api/user/add', { method: 'POST', json: body });

/** The new account keeps the language it signed up in, so every later sign-in shows that language. */
const saveLanguage = (language: string) =>
  api.request('/api/user/edit', { method: 'POST', json: { language } }).catch(() => undefined);

export function useSignUp(languageKeyword: string) {
  const sessionStarted = useSessionStarted();
  return useMutation({
    mutationFn: async (body: SignupBody) => {
      const reply = await signUp(body);
      await saveLanguage(languageKeyword);
      return reply;
    },
    onSuccess: (reply) => sessionStarted(reply.role),
  });
}
