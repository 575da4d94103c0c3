import type { AdminNotification, AdminUserRow, NotificationCreate, Plan } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';

export interface AdminNotificationFilter {
  status?: 'scheduled' | 'sent' | undefined;
  page: number;
  pageSize: number;
}

interface AdminNotificationListReply {
  items: AdminNotification[];
  total: number;
  page: number;
  pageSize: number;
}

export const notificationAdminKeys = {
  all: ['admin-notifications'] as const,
  list: (filter: AdminNotificationFilter) => ['admin-notifications', 'list', filter] as const,
  users: (search: string) => ['admin-notifications', 'users', search] as const,
};

/** `GET /api/admin/notifications`: sent and scheduled notifications, newest first. */
export const adminNotificationListQuery = (filter: AdminNotificationFilter) =>
  queryOptions({
    queryKey: notificationAdminKeys.list(filter),
    queryFn: ({ signal }) =>
      api.request<AdminNotificationListReply>('/api/admin/notifications', {
        signal,
        query: { page: String(filter.page), pageSize: String(filter.pageSize), status: filter.status },
      }),
  });

/** `GET /api/admin/plans`: the plans an audience can be (the same cache as the plan editor's). */
export const audiencePlansQuery = () =>
  queryOptions({
    queryKey: ['admin-plans'] as const,
    queryFn: ({ signal }) => api.request<Plan[]>('/api/admin/plans', { signal }),
  });

/** `GET /api/web/user?search=`: viewers whose name, phone number or email matches, for a one-user audience. */
export const audienceUsersQuery = (search: string) =>
  queryOptions({
    queryKey: notificationAdminKeys.users(search),
    queryFn: ({ signal }) =>
      api.requestPage<AdminUserRow>('/api/web/user', {
        signal,
        query: { search, pageSize: '8', page: '1' },
      }),
    enabled: search.length > 0,
    staleTime: 30_000,
  });

/** `POST /api/admin/notifications`: send now, or at `send_at`. */
export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationCreate) =>
      api.request<AdminNotification>('/api/admin/notifications', { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationAdminKeys.all }),
  });
}

/** `DELETE /api/admin/notifications/:id`: withdraws one that has not gone out yet. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number) =>
      api.request<void>(`/api/admin/notifications/${notificationId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationAdminKeys.all }),
  });
}
