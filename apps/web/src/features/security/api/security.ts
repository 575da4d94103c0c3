import type { FactorAddedReply, PasskeyOptions, SecurityStatus, TotpSetupReply } from '@salomtv/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';
import { securityKeys } from '../../../shared/api/security';

const BASE = '/api/account/security';

/** After a change: the status the server answered, or asked again. */
function useStatusChanged() {
  const queryClient = useQueryClient();
  return (status?: SecurityStatus) => {
    if (status) queryClient.setQueryData(securityKeys.status, status);
    else void queryClient.invalidateQueries({ queryKey: securityKeys.status });
  };
}

/** `POST /api/account/security/totp`: a new secret with its QR code, shown once. */
export const useStartTotp = () =>
  useMutation({ mutationFn: () => api.request<TotpSetupReply>(`${BASE}/totp`, { method: 'POST' }) });

/** Confirms the app with its first code; the account's first factor comes with its recovery codes. */
export function useConfirmTotp() {
  const changed = useStatusChanged();
  return useMutation({
    mutationFn: (code: string) =>
      api.request<FactorAddedReply>(`${BASE}/totp/confirm`, { method: 'POST', json: { code } }),
    onSuccess: () => changed(),
  });
}

/** Registers a passkey of this device: the server's options, the browser's prompt, the server's check. */
export function useAddPasskey() {
  const changed = useStatusChanged();
  return useMutation({
    mutationFn: async (name: string) => {
      const { startRegistration } = await import('@simplewebauthn/browser');
      const options = await api.request<PasskeyOptions>(`${BASE}/passkeys/options`, { method: 'POST' });
      const response = await startRegistration({ optionsJSON: options as never });
      return api.request<FactorAddedReply>(`${BASE}/passkeys`, {
        method: 'POST',
        json: { name, response },
      });
    },
    onSuccess: () => changed(),
  });
}

/** Removes the authenticator app or a passkey; the account password confirms it. */
export function useRemoveFactor() {
  const changed = useStatusChanged();
  return useMutation({
    mutationFn: ({ factor, password }: { factor: 'totp' | number; password: string }) =>
      api.request<SecurityStatus>(
        factor === 'totp' ? `${BASE}/totp/remove` : `${BASE}/passkeys/${factor}/remove`,
        { method: 'POST', json: { password } },
      ),
    onSuccess: (status) => changed(status),
  });
}

/** Ten new recovery codes in place of the old ones; the account password confirms it. */
export function useNewRecoveryCodes() {
  const changed = useStatusChanged();
  return useMutation({
    mutationFn: (password: string) =>
      api.request<{ recovery_codes: string[] }>(`${BASE}/recovery-codes`, {
        method: 'POST',
        json: { password },
      }),
    onSuccess: () => changed(),
  });
}

/** `POST /api/admin/security-policy`: whether every admin must have a second factor. */
export function useSetPolicy() {
  const changed = useStatusChanged();
  return useMutation({
    mutationFn: (required: boolean) =>
      api.request<SecurityStatus>('/api/admin/security-policy', { method: 'POST', json: { required } }),
    onSuccess: (status) => changed(status),
  });
}
