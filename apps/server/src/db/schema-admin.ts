import type { Generated } from 'kysely';

/** Who changed what: one row per admin change, with the record before and after as JSON text. */
export interface AuditLogTable {
  audit_id: Generated<number>;
  actor_user_id: number | null;
  /** A verb such as `create`, `update`, `publish`, `delete`, `export`. */
  action: string;
  /** The kind of record, such as `post`, `feedback`, `notification`, `title`, `user`. */
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

/** The admin shell's settings side panel, one row per admin. */
export interface AdminSettingsTable {
  user_id: number;
  layout: 'light' | 'dark';
  sidebar: 'light' | 'dark';
  theme: 'white' | 'cyan' | 'black' | 'purple' | 'orange' | 'green' | 'red';
  mini_sidebar: number;
  sticky_header: number;
  updated_at: string;
}

/** A legal page (`terms`, `privacy`) in one language (lower-case keyword); body cleaned on the way in. */
export interface LegalPagesTable {
  page: string;
  language: string;
  title: string;
  body: string;
  updated_by: number | null;
  updated_at: string;
}

export interface PostsTable {
  post_id: Generated<number>;
  /** Plain text. */
  title: string;
  /** Media key of the cover image (`posts/...webp`), or null. */
  cover: string | null;
  /** HTML cleaned on the way in (the policy of lib/rich-text.ts). */
  body: string;
  status: 'draft' | 'published';
  /** A published post is public once this moment has passed; null until first published. */
  publish_at: string | null;
  author: number | null;
  created_at: string;
  updated_at: string;
}

/** A post's title and body in one language (migration 0023); `language` is the keyword in lower case. */
export interface PostTranslationsTable {
  post_id: number;
  language: string;
  /** Plain text. */
  title: string;
  /** HTML cleaned on the way in, as the post's own body. */
  body: string;
  updated_at: string;
}

export interface FeedbackTable {
  ticket_id: Generated<number>;
  user_id: number | null;
  email: string | null;
  phone: string | null;
  tag: 'Feature' | 'Bug' | 'Query' | 'Enhancement';
  subject: string;
  message: string;
  status: 'open' | 'answered' | 'closed';
  answer: string | null;
  answered_by: number | null;
  answered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotificationsTable {
  notification_id: Generated<number>;
  title: string;
  body: string;
  /** An http(s) address or a site path, or null. */
  link: string | null;
  audience: 'all' | 'plan' | 'user';
  plan_id: number | null;
  user_id: number | null;
  /** Viewers see the notification from this moment on. */
  send_at: string;
  /** Set once send_at has passed (delivery is lazy: reads fill it in). */
  sent_at: string | null;
  created_by: number | null;
  created_at: string;
}

/** A row per notification a viewer has read. */
export interface NotificationReceiptsTable {
  notification_id: number;
  user_id: number;
  /** Read state is per profile (migration 0020). */
  profile_id: number;
  read_at: string;
}

/** When each admin last opened the alerts dropdown: alerts after it count as unread. */
export interface AdminAlertReadsTable {
  user_id: number;
  seen_at: string;
}

/** Core web vitals reported by viewers' browsers. */
export interface WebVitalsTable {
  vital_id: Generated<number>;
  /** The reporting library's metric id: a repeated report of the same metric replaces the value. */
  metric_id: string;
  name: 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB' | 'FID';
  value: number;
  page: string;
  created_at: string;
}

/** A backup the service took (migration 0025): scheduled, or asked for by an admin. */
export interface BackupsTable {
  backup_id: Generated<number>;
  kind: 'scheduled' | 'manual';
  /** The scheduled moment (ISO) a scheduled backup was taken for; null for one asked for. */
  slot: string | null;
  /** 1 while running, else null: unique, so one backup runs at a time across instances. */
  running_lock: number | null;
  status: 'running' | 'succeeded' | 'failed';
  /** The archive's name in BACKUP_DIR. */
  file_name: string;
  /** bigint: PostgreSQL hands it over as a number (db/database.ts). */
  size_bytes: number | null;
  error: string | null;
  requested_by: number | null;
  started_at: string;
  finished_at: string | null;
  /** A running backup whose process stops renewing this is taken as stopped. */
  lease_until: string | null;
}

/** Tables of the admin module (posts, feedback tickets, notifications, audit log, admin settings, web vitals, backups). */
export interface AdminTables {
  audit_log: AuditLogTable;
  admin_settings: AdminSettingsTable;
  posts: PostsTable;
  post_translations: PostTranslationsTable;
  legal_pages: LegalPagesTable;
  feedback: FeedbackTable;
  notifications: NotificationsTable;
  notification_receipts: NotificationReceiptsTable;
  admin_alert_reads: AdminAlertReadsTable;
  web_vitals: WebVitalsTable;
  backups: BackupsTable;
}
