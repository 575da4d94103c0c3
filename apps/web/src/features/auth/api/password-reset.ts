import type { PasswordResetBody } from '@salomtv/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';

/** `POST /api/user/password/reset`: a code sent with purpose `reset` sets a new password. */
export const resetPassword = (body: PasswordResetBody) =>
  api.request<{ message: string }>('/api/user/password/reset', { method: 'POST', json: body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
