import type { Backup, BackupListReply } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';

const backupsKey = ['admin-backups'] as const;

/** `GET /api/admin/backups`: the service's backups, newest first; asked again each second while one runs. */
export const backupsQuery = () =>
  queryOptions({
    queryKey: backupsKey,
    queryFn: ({ signal }) => api.request<BackupListReply>('/api/admin/backups', { signal }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'running') ? 1000 : false,
  });

/** `POST /api/admin/backups`: starts a backup; the list then shows it running until it ends. */
export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request<Backup>('/api/admin/backups', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}
