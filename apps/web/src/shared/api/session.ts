import { type Me, type Role, SIGNED_IN_COOKIE } from '@salomtv/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { isApiError } from './api-error';
import { readCookie } from './csrf';

export const sessionKeys = {
  all: ['session'] as const,
  role: ['session', 'role'] as const,
  me: ['session', 'me'] as const,
};

/** Whether this browser holds a session: the server sets a readable hint beside the httpOnly session cookie. */
export const hasSessionHint = (cookies: string = typeof document === 'undefined' ? '' : document.cookie) =>
  readCookie(cookies, SIGNED_IN_COOKIE) !== undefined;

/** Drops a hint that outlived its session (expired or ended elsewhere), so later pages ask nothing. */
const dropSessionHint = () => {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser
  document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0; samesite=lax${secure}`;
};

/**
 * `GET /api/user/role`: the signed-in role, or null when signed out. Without the session hint nothing is asked (a
 * signed-out visit logs no refused call); a 401 for a hint whose session has ended also means signed out.
 */
export const roleQuery = () =>
  queryOptions({
    queryKey: sessionKeys.role,
    queryFn: async ({ signal }): Promise<Role | null> => {
      if (!hasSessionHint()) return null;
      try {
        const reply = await api.request<{ role: Role }[]>('/api/user/role', { signal });
        return reply[0]?.role ?? null;
      } catch (error) {
        if (isApiError(error) && error.status === 401) {
          dropSessionHint();
          return null;
        }
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
