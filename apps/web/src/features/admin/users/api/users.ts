import type {
  AdminProfile,
  AdminUserCreateBody,
  AdminUserDetail,
  AdminUserListQuery,
  AdminUserRow,
  Role,
  UserActivityReply,
  UserStatus,
} from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type PageOf } from '../../../../shared/api/api-client';

export const userAdminKeys = {
  all: ['admin-users'] as const,
  list: (query: AdminUserListQuery) => ['admin-users', 'list', query] as const,
  detail: (userId: number) => ['admin-users', 'detail', userId] as const,
  activity: (userId: number) => ['admin-users', 'activity', userId] as const,
  profiles: (userId: number) => ['admin-users', 'profiles', userId] as const,
};

/** `GET /api/web/user`: a page of accounts, newest first, searched and filtered on the server; its total. */
export const userListQuery = (query: AdminUserListQuery) =>
  queryOptions({
    queryKey: userAdminKeys.list(query),
    queryFn: ({ signal }) =>
      api.requestPage<AdminUserRow>('/api/web/user', {
        signal,
        query: {
          page: String(query.page ?? 1),
          pageSize: query.pageSize === undefined ? undefined : String(query.pageSize),
          search: query.search,
          country: query.country,
          status: query.status,
          role: query.role,
        },
      }),
  });

/** `GET /api/web/user/:user_id`: the profile with status, trial and sessions. */
export const userDetailQuery = (userId: number) =>
  queryOptions({
    queryKey: userAdminKeys.detail(userId),
    queryFn: ({ signal }) => api.request<AdminUserDetail>(`/api/web/user/${userId}`, { signal }),
    retry: false,
  });

/** `GET /api/web/user/:user_id/activity`: the viewer's plan and what they are part-way through. */
export const userActivityQuery = (userId: number) =>
  queryOptions({
    queryKey: userAdminKeys.activity(userId),
    queryFn: ({ signal }) => api.request<UserActivityReply>(`/api/web/user/${userId}/activity`, { signal }),
    retry: false,
  });

type Change =
  | { userId: number; field: 'status'; value: UserStatus }
  | { userId: number; field: 'verified'; value: boolean }
  | { userId: number; field: 'role'; value: Role };

/** `POST /api/web/user/:id/{status,verified,role}`: one change; the answer refreshes the detail and the lists. */
export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) =>
      api.request<AdminUserDetail>(`/api/web/user/${change.userId}/${change.field}`, {
        method: 'POST',
        json: { [change.field]: change.value },
      }),
    onSuccess: (detail) => {
      queryClient.setQueryData(userAdminKeys.detail(detail.user_id), detail);
      queryClient.setQueriesData<PageOf<AdminUserRow>>(
        { queryKey: [...userAdminKeys.all, 'list'] },
        (page) =>
          page
            ? {
                ...page,
                items: page.items.map((row) =>
                  row.user_id === detail.user_id
                    ? { ...row, status: detail.status, verified: detail.verified, role: detail.role }
                    : row,
                ),
              }
            : page,
      );
      void queryClient.invalidateQueries({ queryKey: [...userAdminKeys.all, 'list'] });
    },
  });
}

/** `POST /api/web/user`: an administrator creates an account. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserCreateBody) =>
      api.request<AdminUserDetail>('/api/web/user', { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userAdminKeys.all }),
  });
}

/** `GET /api/web/user/:user_id/profiles`: the account's profiles (name, maturity, kids, lock, last active). */
export const userProfilesQuery = (userId: number) =>
  queryOptions({
    queryKey: userAdminKeys.profiles(userId),
    queryFn: ({ signal }) => api.request<AdminProfile[]>(`/api/web/user/${userId}/profiles`, { signal }),
    retry: false,
  });

/** `POST /api/web/user/:user_id/profiles/remove-pin`: removes a profile's PIN at the holder's request (audited). */
export function useRemoveProfilePin(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profileId: number) =>
      api.request<AdminProfile[]>(`/api/web/user/${userId}/profiles/remove-pin`, {
        method: 'POST',
        json: { profile_id: profileId },
      }),
    onSuccess: (profiles) => queryClient.setQueryData(userAdminKeys.profiles(userId), profiles),
  });
}
