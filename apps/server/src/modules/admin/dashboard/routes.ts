import {
  dashboardJobsReplySchema,
  dashboardPaymentsReplySchema,
  dashboardReplySchema,
  mostWatchedReplySchema,
  playbackQualityReplySchema,
  revenueQuerySchema,
  revenueReplySchema,
} from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import type { DashboardService } from './service.js';

const tags = ['dashboard'];

export function dashboardRoutes(app: AppInstance, dashboard: DashboardService): void {
  app.get('/api/admin/dashboard', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: dashboardReplySchema } },
    handler: () => dashboard.summary(),
  });

  app.get('/api/admin/dashboard/revenue', {
    config: { access: 'admin' },
    schema: { tags, querystring: revenueQuerySchema, response: { 200: revenueReplySchema } },
    handler: (request) => dashboard.revenue(request.query.period),
  });

  app.get('/api/admin/dashboard/most-watched', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: mostWatchedReplySchema } },
    handler: () => dashboard.mostWatched(),
  });

  app.get('/api/admin/dashboard/jobs', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: dashboardJobsReplySchema } },
    handler: () => dashboard.jobs(),
  });

  app.get('/api/admin/dashboard/playback-quality', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: playbackQualityReplySchema } },
    handler: () => dashboard.playbackQuality(),
  });

  app.get('/api/admin/dashboard/payments', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: dashboardPaymentsReplySchema } },
    handler: () => dashboard.payments(),
  });
}
