import type { UserProfile } from '@salomtv/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../../shared/api/api-client';

/** `GET /api/user/profile`: the signed-in admin's own account (name and avatar for the user menu). */
export const ownProfileQuery = () =>
  queryOptions({
    queryKey: ['admin-shell', 'profile'] as const,
    queryFn: ({ signal }) => api.request<UserProfile>('/api/user/profile', { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
