import type { ViewerNotification } from '@salomtv/contract';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../shared/api/api-client';

/** How often the bell asks for the unread count while the page is open (and again when it regains focus). */
export const UNREAD_POLL_MS = 60_000;
export const BELL_PAGE_SIZE = 10;

interface NotificationPage {
  items: ViewerNotification[];
  total: number;
  page: number;
  pageSize: number;
  unread: number;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
};

/** `GET /api/notifications/unread-count`: the bell's badge, polled. */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => api.request<{ unread: number }>('/api/notifications/unread-count', { signal }),
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });

/** `GET /api/notifications`: the viewer's notifications, newest first, a page at a time. */
export const notificationListQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ signal, pageParam }) =>
      api.request<NotificationPage>('/api/notifications', {
        signal,
        query: { page: String(pageParam), pageSize: String(BELL_PAGE_SIZE) },
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: 0,
  });

/** Marks items read in the cached list and sets the count the server answered. */
function applyRead(queryClient: QueryClient, unread: number, ids: number[] | 'all') {
  queryClient.setQueryData(notificationKeys.unread, { unread });
  queryClient.setQueryData<{ pages: NotificationPage[]; pageParams: unknown[] }>(
    notificationKeys.list,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          unread,
          items: page.items.map((item) =>
            ids === 'all' || ids.includes(item.notification_id) ? { ...item, read: true } : item,
          ),
        })),
      },
  );
}

/** `POST /api/notifications/:id/read`. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: number) =>
      api.request<{ unread: number }>(`/api/notifications/${notificationId}/read`, { method: 'POST' }),
    onSuccess: (reply, notificationId) => applyRead(queryClient, reply.unread, [notificationId]),
  });
}

/** `POST /api/notifications/read-all`. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request<{ unread: number }>('/api/notifications/read-all', { method: 'POST' }),
    onSuccess: (reply) => applyRead(queryClient, reply.unread, 'all'),
  });
}
