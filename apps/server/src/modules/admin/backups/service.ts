import fs from 'node:fs';
import path from 'node:path';
import type { Backup, BackupListReply } from '@salomtv/contract';
import type { BackupSettings } from '../../../config.js';
import type { Clock } from '../../../lib/clock.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { randomToken } from '../../../lib/tokens.js';
import type { AuditActor, AuditService } from '../../../platform/audit/service.js';
import { type BackupSource, writeBackup } from '../../../platform/backup/create-backup.js';
import { pgToolFound } from '../../../platform/backup/database-tools.js';
import type { BackupRepo, BackupRow } from './repo.js';
import { formatTime, latestSlot } from './schedule.js';

/** A running backup renews its lease this often; one not renewed for LEASE_MS is taken as stopped. */
const RENEW_MS = 20_000;
const LEASE_MS = 120_000;
const LISTED = 100;
const STOPPED = 'The backup stopped before it finished (its process ended)';

export interface BackupLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface BackupServiceDeps {
  repo: BackupRepo;
  settings: BackupSettings;
  source: BackupSource;
  audit: AuditService;
  clock: Clock;
}

/**
 * The service's own backups: daily at BACKUP_TIME and when an admin asks, one at a time across instances (the
 * row's unique lock), each recorded with its outcome; the newest BACKUP_KEEP successful archives are kept. A
 * failed one stays in the table as failed, which the admin's alerts read.
 */
export class BackupService {
  private running: Promise<void> | undefined;
  /** Scheduled times before this were not the schedule's to take (the service was not running then). */
  private readonly scheduleFrom: Date;
  /** The app's logger, given by the schedule when the app starts. */
  log: BackupLog | undefined;

  constructor(private readonly deps: BackupServiceDeps) {
    this.scheduleFrom = deps.clock.now();
  }

  /** On PostgreSQL the schedule needs pg_dump: missing, the service does not start (rather than fail at 02:00). */
  requireTools(): void {
    const { source, settings } = this.deps;
    if (source.database.dialect !== 'postgres' || !settings.time) return;
    if (!pgToolFound(source.pgBinDir, 'pg_dump'))
      throw new Error(
        'Scheduled backups need pg_dump on PostgreSQL: install postgresql-client (Debian), set PG_BIN_DIR, or set BACKUP_TIME=off',
      );
  }

  async list(): Promise<BackupListReply> {
    const rows = await this.deps.repo.list(LISTED);
    const items = await Promise.all(rows.map((row) => this.present(row)));
    const { time, keep } = this.deps.settings;
    return { items, schedule: { time: time ? formatTime(time) : null, keep } };
  }

  /** Starts a backup now (an admin's "Back up now"); answers its running row. The archive is written after. */
  async startNow(actor: AuditActor & { user_id: number }): Promise<Backup> {
    const row = await this.begin('manual', null, actor.user_id);
    if (!row) throw conflict('A backup is running already: wait for it to finish');
    await this.deps.audit.record(actor, 'create', 'backup', row.backup_id, null, {
      file_name: row.file_name,
    });
    this.running = this.take(row);
    return this.present(row);
  }

  /**
   * The schedule's tick (every minute, and callable from tests): takes the backup of the latest BACKUP_TIME if
   * it passed while the service was running and no instance took it yet; answers whether this call took it.
   */
  async runDue(): Promise<boolean> {
    const { time } = this.deps.settings;
    if (!time) return false;
    const slot = latestSlot(this.deps.clock.now(), time);
    if (slot < this.scheduleFrom) return false;
    const slotKey = slot.toISOString();
    if (await this.deps.repo.hasSlot(slotKey)) return false;
    const row = await this.begin('scheduled', slotKey, null);
    if (!row) return false;
    this.running = this.take(row);
    await this.running;
    return true;
  }

  /** Resolves when no backup of this process is running (the app waits for it when it closes). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** The archive of a kept backup, for its download. */
  async download(actor: AuditActor, backupId: number): Promise<{ file: string; name: string; size: number }> {
    const row = await this.deps.repo.find(backupId);
    const file = row && row.status === 'succeeded' ? this.fileOf(row) : undefined;
    const stat = file ? await fs.promises.stat(file).catch(() => undefined) : undefined;
    if (!row || !file || !stat) throw notFound('No such backup archive');
    await this.deps.audit.record(actor, 'export', 'backup', backupId, null, { file_name: row.file_name });
    return { file, name: row.file_name, size: stat.size };
  }

  /** How backups ended, by status, with the last finish of each (what a metric reads). */
  outcomes() {
    return this.deps.repo.outcomes();
  }

  private async begin(kind: 'scheduled' | 'manual', slot: string | null, requestedBy: number | null) {
    const now = this.deps.clock.now();
    await this.deps.repo.failStale(now.toISOString(), STOPPED);
    const stamp = now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const row = {
      kind,
      slot,
      file_name: `salomtv-${stamp}-${randomToken(6)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '')}.tar`,
      requested_by: requestedBy,
      started_at: now.toISOString(),
      lease_until: new Date(now.getTime() + LEASE_MS).toISOString(),
    };
    const backupId = await this.deps.repo.start(row);
    if (backupId === undefined) return undefined;
    return (await this.deps.repo.find(backupId))!;
  }

  /** Writes the archive, renewing the lease meanwhile, records how it ended, then deletes the oldest. */
  private async take(row: BackupRow): Promise<void> {
    const { repo, clock, settings } = this.deps;
    const renew = setInterval(() => {
      repo.renew(row.backup_id, new Date(clock.now().getTime() + LEASE_MS).toISOString()).catch(() => {});
    }, RENEW_MS);
    renew.unref();
    try {
      const { size } = await writeBackup(this.deps.source, path.join(settings.dir, row.file_name), {
        now: clock.now(),
        backupId: row.backup_id,
      });
      await repo.finish(row.backup_id, {
        status: 'succeeded',
        size_bytes: size,
        error: null,
        finished_at: clock.now().toISOString(),
      });
      this.log?.info({ backup: row.file_name, bytes: size }, 'backup written');
      await this.prune();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repo
        .finish(row.backup_id, {
          status: 'failed',
          size_bytes: null,
          error: message,
          finished_at: clock.now().toISOString(),
        })
        .catch(() => {});
      this.log?.error({ backup: row.file_name, err: error }, 'backup failed');
    } finally {
      clearInterval(renew);
      this.running = undefined;
    }
  }

  /** Keeps the newest BACKUP_KEEP successful archives; failures older than those deleted go with them. */
  private async prune(): Promise<void> {
    const { repo, settings } = this.deps;
    const old = await repo.succeededBeyond(settings.keep);
    for (const row of old) await fs.promises.rm(this.fileOf(row), { force: true });
    await repo.delete(old.map((row) => row.backup_id));
    if (old[0]) await repo.deleteFailedBefore(old[0].started_at);
  }

  private fileOf(row: BackupRow): string {
    return path.join(this.deps.settings.dir, path.basename(row.file_name));
  }

  private async present(row: BackupRow): Promise<Backup> {
    const kept =
      row.status === 'succeeded' &&
      (await fs.promises.stat(this.fileOf(row)).catch(() => undefined)) !== undefined;
    return {
      backup_id: row.backup_id,
      kind: row.kind,
      status: row.status,
      file_name: row.file_name,
      size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
      error: row.error,
      started_at: row.started_at,
      finished_at: row.finished_at,
      download_url: kept ? `/api/admin/backups/${row.backup_id}/download` : null,
    };
  }
}
