import type { Me, Role } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/api-client';
import { isApiError } from '../api/api-error';

export const sessionKeys = {
  all: ['session'] as const,
  role: ['session', 'role'] as const,
  me: ['session', 'me'] as const,
};

/** `GET /api/user/role`: the signed-in role, or null when signed out (401). */
export const roleQuery = () =>
  queryOptions({
    queryKey: sessionKeys.role,
    queryFn: async ({ signal }): Promise<Role | null> => {
      try {
        const reply = await api.request<{ role: Role }[]>('/api/user/role', { signal });
        return reply[0]?.role ?? null;
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 30_000,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
  });

/** `GET /api/user/me`: the signed-in account. */
export const meQuery = () =>
  queryOptions({
    queryKey: sessionKeys.me,
    queryFn: ({ signal }) => api.request<Me>('/api/user/me', { signal }),
    staleTime: 60_000,
    retry: false,
  });

/**
 * Signs out (the spec's `GET /api/user/logout`, with the CSRF header) and loads /signin afresh: a full page load
 * drops every cached answer of the old session, and no admin guard gets to bounce to `/signin?next=…` first.
 */
export function useLogout() {
  return useMutation({
    mutationFn: () => api.request<{ message: string }>('/api/user/logout', { csrf: true }),
    onSettled: () => window.location.assign('/signin'),
  });
}

/** After a sign-in: remember the role at once so guards let the user through without another fetch. */
export function useSessionStarted() {
  const queryClient = useQueryClient();
  return (role: Role) => {
    queryClient.setQueryData(sessionKeys.role, role);
    void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
  };
}
