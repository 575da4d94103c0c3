import type { AdminAlert } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';

const alertsKey = ['admin-shell', 'alerts'] as const;

/** `GET /api/admin/alerts`: failed transcodes, new subscriptions and failed payments, with the unread count. */
export const adminAlertsQuery = () =>
  queryOptions({
    queryKey: alertsKey,
    queryFn: ({ signal }) =>
      api.request<{ items: AdminAlert[]; unread: number }>('/api/admin/alerts', { signal }),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

/** `POST /api/admin/alerts/read`: everything up to now is read. */
export function useMarkAlertsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request<{ unread: number }>('/api/admin/alerts/read', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsKey }),
  });
}
