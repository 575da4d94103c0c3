import type {
  DashboardReply,
  dashboardJobsReplySchema,
  dashboardPaymentsReplySchema,
  mostWatchedReplySchema,
  PlaybackQualityReply,
  RevenueReply,
  VitalsReply,
} from '@salomtv/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../../shared/api/api-client';

export type MostWatchedReply = z.infer<typeof mostWatchedReplySchema>;
export type DashboardJobsReply = z.infer<typeof dashboardJobsReplySchema>;
export type DashboardPaymentsReply = z.infer<typeof dashboardPaymentsReplySchema>;
export type RevenuePeriod = RevenueReply['period'];

const keys = {
  summary: ['admin-dashboard', 'summary'] as const,
  revenue: (period: RevenuePeriod) => ['admin-dashboard', 'revenue', period] as const,
  mostWatched: ['admin-dashboard', 'most-watched'] as const,
  jobs: ['admin-dashboard', 'jobs'] as const,
  payments: ['admin-dashboard', 'payments'] as const,
  vitals: ['admin-dashboard', 'vitals'] as const,
  playbackQuality: ['admin-dashboard', 'playback-quality'] as const,
};

/** `GET /api/admin/dashboard`: the four stat cards with their previous periods. */
export const summaryQuery = () =>
  queryOptions({
    queryKey: keys.summary,
    queryFn: ({ signal }) => api.request<DashboardReply>('/api/admin/dashboard', { signal }),
  });

/** `GET /api/admin/dashboard/revenue?period=`: recorded payments per day (week, month) or month (year). */
export const revenueQuery = (period: RevenuePeriod) =>
  queryOptions({
    queryKey: keys.revenue(period),
    queryFn: ({ signal }) =>
      api.request<RevenueReply>('/api/admin/dashboard/revenue', { signal, query: { period } }),
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin/dashboard/most-watched`: titles by their views (the figure on their cards). */
export const mostWatchedQuery = () =>
  queryOptions({
    queryKey: keys.mostWatched,
    queryFn: ({ signal }) => api.request<MostWatchedReply>('/api/admin/dashboard/most-watched', { signal }),
  });

/** `GET /api/admin/dashboard/jobs`: the latest media jobs; refreshed while the page is open. */
export const jobsQuery = () =>
  queryOptions({
    queryKey: keys.jobs,
    queryFn: ({ signal }) => api.request<DashboardJobsReply>('/api/admin/dashboard/jobs', { signal }),
    refetchInterval: 15_000,
  });

/** `GET /api/admin/dashboard/payments`: the latest payments. */
export const paymentsQuery = () =>
  queryOptions({
    queryKey: keys.payments,
    queryFn: ({ signal }) => api.request<DashboardPaymentsReply>('/api/admin/dashboard/payments', { signal }),
  });

/** `GET /api/admin/vitals?days=7`: p75 of LCP, INP and CLS per page that viewers reported. */
export const vitalsQuery = () =>
  queryOptions({
    queryKey: keys.vitals,
    queryFn: ({ signal }) => api.request<VitalsReply>('/api/admin/vitals', { signal, query: { days: '7' } }),
  });

/** `GET /api/admin/dashboard/playback-quality`: start time, stall ratio and errors per title over the last day. */
export const playbackQualityQuery = () =>
  queryOptions({
    queryKey: keys.playbackQuality,
    queryFn: ({ signal }) =>
      api.request<PlaybackQualityReply>('/api/admin/dashboard/playback-quality', { signal }),
    refetchInterval: 60_000,
  });
