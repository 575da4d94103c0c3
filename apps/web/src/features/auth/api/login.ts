import type { LoginBody, Role } from '@salomtv/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { useSessionStarted } from '../../../shared/api/session';

/** `POST /api/user/login`: answers the plain role string and sets the session cookie. */
export const login = (body: LoginBody) =>
  api.request<Role>('/api/user/login', { method: 'POST', json: body });

export function useLogin() {
  const sessionStarted = useSessionStarted();
  return useMutation({ mutationFn: login, onSuccess: (role) => sessionStarted(role) });
}
