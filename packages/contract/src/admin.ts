import { z } from 'zod';
import { keywordSchema } from './languages.js';

/**
 * The admin area's calls (audit log, settings panel, search, dashboard, alerts, exports) and the posts,
 * feedback, notifications and web-vitals calls of both sides.
 */

const pageSchema = z.coerce.number().int().min(1, 'Pages start at 1').default(1);
const pageSizeSchema = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max, `At most ${max} per page`).default(fallback);
const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
/** An ISO-8601 date-time with an offset, such as 2026-06-01T10:00:00.000Z. */
const isoDateTime = z.iso.datetime({ offset: true, error: 'Use an ISO date and time' });

// ---- Audit log -------------------------------------------------------------------------------------------

export const auditQuerySchema = z.strictObject({
  /** A user id, or `me` for the calling admin's own trail (the user menu's Activities). */
  actor: z.union([z.literal('me'), z.coerce.number().int().positive()]).optional(),
  entity: z.string().trim().max(40).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema(100, 25),
});
export const auditEntrySchema = z.object({
  audit_id: z.number(),
  actor_user_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListReplySchema = paged(auditEntrySchema);

// ---- Admin settings (the settings side panel) -------------------------------------------------------------

export const ADMIN_THEMES = ['white', 'cyan', 'black', 'purple', 'orange', 'green', 'red'] as const;
export const adminSettingsSchema = z.strictObject({
  layout: z.enum(['light', 'dark']),
  sidebar: z.enum(['light', 'dark']),
  theme: z.enum(ADMIN_THEMES),
  mini_sidebar: z.boolean(),
  sticky_header: z.boolean(),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const DEFAULT_ADMIN_SETTINGS: AdminSettings = {
  layout: 'light',
  sidebar: 'light',
  theme: 'white',
  mini_sidebar: false,
  sticky_header: false,
};
/** `POST /api/admin/settings` accepts any subset; the rest stays as stored. */
export const adminSettingsUpdateSchema = adminSettingsSchema.partial();

// ---- Admin search ----------------------------------------------------------------------------------------

export const adminSearchQuerySchema = z.strictObject({
  q: z.string().trim().min(1, 'Type something').max(100),
});
export const adminSearchReplySchema = z.object({
  titles: z.array(z.object({ movie_id: z.number(), title: z.string(), status: z.string() })),
  users: z.array(
    z.object({
      user_id: z.number(),
      name: z.string().nullable(),
      phone_number: z.string(),
      email: z.string().nullable(),
      role: z.string(),
    }),
  ),
  posts: z.array(z.object({ post_id: z.number(), title: z.string(), status: z.string() })),
});
export type AdminSearchReply = z.infer<typeof adminSearchReplySchema>;

// ---- Posts -------------------------------------------------------------------------------------------------

export const POST_STATUSES = ['draft', 'published'] as const;
export const postStatusSchema = z.enum(POST_STATUSES);
export const MAX_POST_COVER_BYTES = 10 * 1024 * 1024;
export const MAX_POST_BODY_LENGTH = 100_000;

/** `POST /api/posts` (JSON or multipart with a `cover` file) and `POST /api/posts/:post_id`. */
export const postFieldsSchema = z.strictObject({
  title: z.string().trim().min(1, 'Enter the title').max(200, 'At most 200 characters'),
  /** Rich text (HTML); the server keeps only the allowed tags. */
  body: z.string().max(MAX_POST_BODY_LENGTH, `At most ${MAX_POST_BODY_LENGTH} characters`).default(''),
  status: postStatusSchema.optional(),
  /** When a published post becomes public; empty or missing means at once. */
  publish_at: z
    .union([isoDateTime, z.literal('')])
    .nullable()
    .optional(),
});
export type PostFields = z.infer<typeof postFieldsSchema>;
export const postUpdateSchema = postFieldsSchema.partial();
export type PostUpdate = z.infer<typeof postUpdateSchema>;
export const postPublishBodySchema = z.strictObject({ publish_at: isoDateTime.optional() }).nullish();

export const postSchema = z.object({
  post_id: z.number(),
  title: z.string(),
  cover: z.string().nullable(),
  body: z.string(),
  /** The body as plain text, cut to about 200 characters, for cards. */
  excerpt: z.string(),
  status: postStatusSchema,
  publish_at: z.string().nullable(),
  /** published and publish_at has passed. */
  visible: z.boolean(),
  author: z.number().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Post = z.infer<typeof postSchema>;
export const postListReplySchema = paged(postSchema);
export const postAdminQuerySchema = z.strictObject({
  page: pageSchema,
  pageSize: pageSizeSchema(100, 20),
  status: z.enum(['draft', 'published', 'scheduled']).optional(),
  search: z.string().trim().max(100).optional(),
});
/** `lang`: each post's title and body in that language where an admin translated it, else as written. */
export const postPublicQuerySchema = z.strictObject({
  page: pageSchema,
  pageSize: pageSizeSchema(50, 10),
  lang: keywordSchema.optional(),
});
export const postLanguageQuerySchema = z.strictObject({ lang: keywordSchema.optional() });

/** A post's title and body in one language (`GET /api/posts/admin/:post_id/translations`). */
export const postTranslationSchema = z.object({
  /** Lower case, as `?lang=` is matched. */
  language: z.string(),
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type PostTranslation = z.infer<typeof postTranslationSchema>;
export const postTranslationsReplySchema = z.array(postTranslationSchema);

/** `POST /api/posts/:post_id/translation`: sets the post's title and body in a language the site has. */
export const postTranslationBodySchema = z.strictObject({
  language: keywordSchema,
  title: z.string().trim().min(1, 'Enter the title').max(200, 'At most 200 characters'),
  body: z.string().max(MAX_POST_BODY_LENGTH, `At most ${MAX_POST_BODY_LENGTH} characters`).default(''),
});
export type PostTranslationBody = z.input<typeof postTranslationBodySchema>;

/** `POST /api/posts/:post_id/translation/delete`: the post goes back to its own texts in that language. */
export const postTranslationDeleteBodySchema = z.strictObject({ language: keywordSchema });

// ---- Feedback tickets ---------------------------------------------------------------------------------------

export const FEEDBACK_TAGS = ['Feature', 'Bug', 'Query', 'Enhancement'] as const;
export const FEEDBACK_STATUSES = ['open', 'answered', 'closed'] as const;
export const feedbackTagSchema = z.enum(FEEDBACK_TAGS, {
  error: 'Choose Feature, Bug, Query or Enhancement',
});
export const feedbackStatusSchema = z.enum(FEEDBACK_STATUSES);

/** `POST /api/feedback`: signed in, or with a contact email. */
export const feedbackCreateSchema = z.strictObject({
  tag: feedbackTagSchema,
  subject: z.string().trim().min(1, 'Enter a subject').max(200, 'At most 200 characters'),
  message: z.string().trim().min(1, 'Write your message').max(5000, 'At most 5000 characters'),
  email: z.union([z.email('Enter a valid email address').max(254), z.literal('')]).optional(),
  phone: z.string().trim().max(32).optional(),
});
export type FeedbackCreate = z.infer<typeof feedbackCreateSchema>;
export const feedbackTicketSchema = z.object({
  ticket_id: z.number(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  tag: feedbackTagSchema,
  subject: z.string(),
  message: z.string(),
  status: feedbackStatusSchema,
  answer: z.string().nullable(),
  answered_by: z.number().nullable(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FeedbackTicket = z.infer<typeof feedbackTicketSchema>;
export const feedbackListReplySchema = paged(feedbackTicketSchema).extend({ open_count: z.number() });
export const feedbackAdminQuerySchema = z.strictObject({
  status: feedbackStatusSchema.optional(),
  tag: feedbackTagSchema.optional(),
  page: pageSchema,
  pageSize: pageSizeSchema(100, 20),
});
export const feedbackMineQuerySchema = z.strictObject({ page: pageSchema, pageSize: pageSizeSchema(50, 20) });
export const feedbackAnswerSchema = z.strictObject({
  answer: z.string().trim().min(1, 'Write the answer').max(5000, 'At most 5000 characters'),
});

// ---- Notifications ------------------------------------------------------------------------------------------

export const NOTIFICATION_AUDIENCES = ['all', 'plan', 'user'] as const;
/** An http(s) address or a path on this site (starting with one /). */
export const notificationLinkSchema = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .refine(
    (value) => /^\/(?![/\\])[^\s]*$/.test(value) || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value),
    'Use an http(s) address or a site path such as /pricingplan',
  );
export const notificationCreateSchema = z
  .strictObject({
    title: z.string().trim().min(1, 'Enter the title').max(200, 'At most 200 characters'),
    body: z.string().trim().min(1, 'Write the message').max(2000, 'At most 2000 characters'),
    link: z
      .union([notificationLinkSchema, z.literal('')])
      .nullable()
      .optional(),
    audience: z.enum(NOTIFICATION_AUDIENCES),
    plan_id: z.coerce.number().int().positive().nullable().optional(),
    user_id: z.coerce.number().int().positive().nullable().optional(),
    /** Missing: send now. */
    send_at: isoDateTime.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.audience === 'plan' && !value.plan_id)
      ctx.addIssue({ code: 'custom', path: ['plan_id'], message: 'Choose a plan' });
    if (value.audience === 'user' && !value.user_id)
      ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'Choose a user' });
  });
export type NotificationCreate = z.infer<typeof notificationCreateSchema>;
export const adminNotificationSchema = z.object({
  notification_id: z.number(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  audience: z.enum(NOTIFICATION_AUDIENCES),
  plan_id: z.number().nullable(),
  user_id: z.number().nullable(),
  send_at: z.string(),
  sent_at: z.string().nullable(),
  status: z.enum(['scheduled', 'sent']),
  /** Viewers who have read it. */
  read_count: z.number(),
  created_by: z.number().nullable(),
  created_at: z.string(),
});
export type AdminNotification = z.infer<typeof adminNotificationSchema>;
export const adminNotificationListReplySchema = paged(adminNotificationSchema);
export const adminNotificationQuerySchema = z.strictObject({
  status: z.enum(['scheduled', 'sent']).optional(),
  page: pageSchema,
  pageSize: pageSizeSchema(100, 20),
});
export const viewerNotificationSchema = z.object({
  notification_id: z.number(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  sent_at: z.string(),
  read: z.boolean(),
});
export type ViewerNotification = z.infer<typeof viewerNotificationSchema>;
export const viewerNotificationListReplySchema = paged(viewerNotificationSchema).extend({
  unread: z.number(),
});
export const viewerNotificationQuerySchema = z.strictObject({
  page: pageSchema,
  pageSize: pageSizeSchema(50, 20),
});
export const unreadCountReplySchema = z.object({ unread: z.number() });

// ---- Admin alerts (top bar) ----------------------------------------------------------------------------------

export const ADMIN_ALERT_KINDS = [
  'job_failed',
  'new_subscription',
  'payment_failed',
  'sms_failed',
  /** A viewer changed their subscription: a plan change, a scheduled downgrade or its undo, a cancel, a resume. */
  'subscription_changed',
  /** A card checked when a plan was bought during the free trial was declined (nothing was to be charged). */
  'card_check_declined',
  /** A scheduled or asked-for backup failed (the Backups screen says why). */
  'backup_failed',
] as const;
export const adminAlertSchema = z.object({
  kind: z.enum(ADMIN_ALERT_KINDS),
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  at: z.string(),
  /** A path in the admin area to open. */
  link: z.string().nullable(),
  unread: z.boolean(),
});
export type AdminAlert = z.infer<typeof adminAlertSchema>;
export const adminAlertsReplySchema = z.object({ items: z.array(adminAlertSchema), unread: z.number() });

// ---- Dashboard ---------------------------------------------------------------------------------------------

export const dashboardPeriodSchema = z.object({ from: z.string(), to: z.string() });
export const statCardSchema = z.object({
  /** False when the table behind the figure is not there yet (its module is not installed). */
  available: z.boolean(),
  current: z.number(),
  previous: z.number(),
  /** Percent change against the previous period; null when the previous figure is 0. */
  change_pct: z.number().nullable(),
  period: dashboardPeriodSchema,
  previous_period: dashboardPeriodSchema,
});
export type StatCard = z.infer<typeof statCardSchema>;
export const dashboardReplySchema = z.object({
  signups: statCardSchema,
  customers: statCardSchema,
  new_titles: statCardSchema,
  /** In cents of `currency`. */
  revenue: statCardSchema.extend({ currency: z.string() }),
});
export type DashboardReply = z.infer<typeof dashboardReplySchema>;
export const REVENUE_PERIODS = ['week', 'month', 'year'] as const;
export const revenueQuerySchema = z.strictObject({ period: z.enum(REVENUE_PERIODS).default('month') });
export const revenueReplySchema = z.object({
  available: z.boolean(),
  period: z.enum(REVENUE_PERIODS),
  currency: z.string(),
  /** Day buckets (YYYY-MM-DD) for week and month, month buckets (YYYY-MM) for year; every bucket present. */
  points: z.array(z.object({ bucket: z.string(), amount_cents: z.number(), payments: z.number() })),
  total_cents: z.number(),
});
export type RevenueReply = z.infer<typeof revenueReplySchema>;
export const mostWatchedReplySchema = z.object({
  available: z.boolean(),
  /** `progress`: distinct viewers in the last 30 days; `view_count`: the titles' all-time counter. */
  source: z.enum(['progress', 'view_count', 'none']),
  items: z.array(z.object({ movie_id: z.number(), title: z.string(), views: z.number() })),
});
export const JOB_PRIORITIES = ['Low', 'Average', 'High'] as const;
export const dashboardJobsReplySchema = z.object({
  available: z.boolean(),
  items: z.array(
    z.object({
      job_id: z.number(),
      movie_id: z.number().nullable(),
      title: z.string().nullable(),
      job: z.string(),
      status: z.string(),
      progress: z.number(),
      priority: z.enum(JOB_PRIORITIES),
      error: z.string().nullable(),
      started_at: z.string().nullable(),
      finished_at: z.string().nullable(),
      created_at: z.string(),
      /** The admin page of the job's title. */
      link: z.string().nullable(),
    }),
  ),
});
export const dashboardPaymentsReplySchema = z.object({
  available: z.boolean(),
  items: z.array(
    z.object({
      payment_id: z.number(),
      user_id: z.number().nullable(),
      user_name: z.string().nullable(),
      plan: z.string().nullable(),
      amount_cents: z.number(),
      currency: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
});

/** `GET /api/admin/dashboard/playback-quality`: what the players reported over the last day, per title. */
export const playbackQualityReplySchema = z.object({
  since: z.string(),
  items: z.array(
    z.object({
      movie_id: z.number(),
      title: z.string(),
      /** Plays started (reports with a time to first frame). */
      plays: z.number(),
      /** Mean milliseconds to the first frame (null when no play started in the period). */
      start_ms: z.number().nullable(),
      watched_seconds: z.number(),
      stalls: z.number(),
      /** Time stalled over time played, 0-1 (null before any playing). */
      stall_ratio: z.number().nullable(),
      errors: z.number(),
      quality_switches: z.number(),
    }),
  ),
});
export type PlaybackQualityReply = z.infer<typeof playbackQualityReplySchema>;

// ---- Web vitals --------------------------------------------------------------------------------------------

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'FID'] as const;
export const vitalReportSchema = z.strictObject({
  name: z.enum(VITAL_NAMES),
  value: z.number().min(0).max(3_600_000),
  /** The page's path, such as /home (a query string is dropped). */
  page: z.string().trim().min(1).max(200).startsWith('/'),
  /** The reporting library's metric id. */
  id: z.string().trim().min(1).max(100),
  rating: z.string().max(20).optional(),
  delta: z.number().optional(),
  navigationType: z.string().max(40).optional(),
});
export type VitalReport = z.infer<typeof vitalReportSchema>;
export const vitalsQuerySchema = z.strictObject({ days: z.coerce.number().int().min(1).max(30).default(7) });
const vitalFigureSchema = z.object({ p75: z.number(), samples: z.number() }).nullable();
export const vitalsReplySchema = z.object({
  since: z.string(),
  pages: z.array(
    z.object({ page: z.string(), LCP: vitalFigureSchema, INP: vitalFigureSchema, CLS: vitalFigureSchema }),
  ),
});
export type VitalsReply = z.infer<typeof vitalsReplySchema>;

// ---- CSV exports -------------------------------------------------------------------------------------------

export const ADMIN_EXPORTS = ['users', 'subscriptions', 'payments'] as const;
