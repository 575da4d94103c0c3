import type { SecurityStatus } from '@salomtv/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';

export const securityKeys = { status: ['account', 'security'] as const };

/** Where an admin adds a second factor (the admin area sends one without a required factor here). */
export const SECURITY_PAGE = '/userprofile/security';

/**
 * `GET /api/account/security`: an admin's second factors and the site's policy; the admin area's guard reads
 * `setup_required` before it opens.
 */
export const securityStatusQuery = () =>
  queryOptions({
    queryKey: securityKeys.status,
    queryFn: ({ signal }) => api.request<SecurityStatus>('/api/account/security', { signal }),
    staleTime: 30_000,
    retry: false,
  });
