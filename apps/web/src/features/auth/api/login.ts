import { type LoginBody, type LoginReply, SECOND_STEP_NEEDED } from '@salomtv/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { useSessionStarted } from '../../../shared/api/session';

/**
 * `POST /api/user/login`: answers the plain role string and sets the session cookie, or `second_factor` for an
 * account whose sign-in takes a second step (no session yet).
 */
export const login = (body: LoginBody) =>
  api.request<LoginReply>('/api/user/login', { method: 'POST', json: body });

export function useLogin() {
  const sessionStarted = useSessionStarted();
  return useMutation({
    mutationFn: login,
    onSuccess: (reply) => {
      if (reply !== SECOND_STEP_NEEDED) sessionStarted(reply);
    },
  });
}
