import type { AccountSession } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';

const sessionsKey = ['account', 'sessions'] as const;

/** `GET /api/account/sessions`: every signed-in browser of the account, this one marked. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: sessionsKey,
    queryFn: async ({ signal }) =>
      (await api.request<{ sessions: AccountSession[] }>('/api/account/sessions', { signal })).sessions,
    retry: false,
  });

/** Ending this browser's own session signs it out: the page loads /signin afresh, as a sign-out does. */
const signedOutHere = () => window.location.assign('/signin');

/** Signs one session out (another device, or this one). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.request<{ ended_this: boolean }>(`/api/account/sessions/${encodeURIComponent(id)}/end`, {
        method: 'POST',
      }),
    onSuccess: (reply) => {
      if (reply.ended_this) return signedOutHere();
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}

/** Signs out every other session, or every one with this one too. */
export function useEndAllSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (includeThis: boolean) =>
      api.request('/api/account/sessions/end-all', { method: 'POST', json: { include_this: includeThis } }),
    onSuccess: (_reply, includeThis) => {
      if (includeThis) return signedOutHere();
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
    },
  });
}
