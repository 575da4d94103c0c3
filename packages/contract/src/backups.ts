import { z } from 'zod';

export const BACKUP_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/** A backup the service took: scheduled, or asked for from the admin's Backups screen. */
export const backupSchema = z.object({
  backup_id: z.number(),
  kind: z.enum(['scheduled', 'manual']),
  status: z.enum(BACKUP_STATUSES),
  file_name: z.string(),
  /** The archive's bytes, once written. */
  size_bytes: z.number().nullable(),
  /** Why it failed, in words for the operator. */
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** The admin-only download address, while the archive is kept. */
  download_url: z.string().nullable(),
});
export type Backup = z.infer<typeof backupSchema>;

export const backupListReplySchema = z.object({
  items: z.array(backupSchema),
  /** BACKUP_TIME (server time) and BACKUP_KEEP: when the daily backup runs (null: off) and how many are kept. */
  schedule: z.object({ time: z.string().nullable(), keep: z.number() }),
});
export type BackupListReply = z.infer<typeof backupListReplySchema>;

export const backupParamsSchema = z.object({ backup_id: z.coerce.number().int().positive() });
