import type { PasskeyOptions, PendingSignIn, Role, SecondStepBody } from '@salomtv/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { useSessionStarted } from '../../../shared/api/session';

const PATH = '/api/auth/second-factor';

/** `GET /api/auth/second-factor`: the ways the pending sign-in may finish (401 when there is none). */
export const pendingSignInQuery = () =>
  queryOptions({
    queryKey: ['auth', 'pending-sign-in'] as const,
    queryFn: ({ signal }) => api.request<PendingSignIn>(PATH, { signal }),
    retry: false,
    staleTime: 0,
  });

/** Finishes the sign-in with a TOTP code, a recovery code or a passkey (asked of the browser here). */
export function useSecondStep() {
  const sessionStarted = useSessionStarted();
  return useMutation({
    mutationFn: async (step: { method: 'totp' | 'recovery_code'; code: string } | { method: 'passkey' }) => {
      let body: SecondStepBody = step as SecondStepBody;
      if (step.method === 'passkey') {
        const { startAuthentication } = await import('@simplewebauthn/browser');
        const options = await api.request<PasskeyOptions>(`${PATH}/passkey-options`, { method: 'POST' });
        const response = await startAuthentication({ optionsJSON: options as never });
        body = { method: 'passkey', response: response as SecondStepBody['response'] };
      }
      return api.request<{ role: Role }>(PATH, { method: 'POST', json: body });
    },
    onSuccess: (reply) => sessionStarted(reply.role),
  });
}
