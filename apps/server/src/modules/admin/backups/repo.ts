import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { BackupsTable } from '../../../db/schema-admin.js';

export type BackupRow = Selectable<BackupsTable>;

export interface NewBackup {
  kind: 'scheduled' | 'manual';
  slot: string | null;
  file_name: string;
  requested_by: number | null;
  started_at: string;
  lease_until: string;
}

/** The `backups` table: one row per backup the service took. */
export class BackupRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records a running backup, unless one is running already (anywhere: `running_lock` is unique) or the slot was
   * taken (by another instance). Answers the new row's id, or undefined when another has it.
   */
  async start(backup: NewBackup): Promise<number | undefined> {
    const row = await this.db
      .insertInto('backups')
      .values({ ...backup, status: 'running', running_lock: 1 })
      .onConflict((oc) => oc.doNothing())
      .returning('backup_id')
      .executeTakeFirst();
    return row?.backup_id;
  }

  async renew(backupId: number, leaseUntil: string): Promise<void> {
    await this.db
      .updateTable('backups')
      .set({ lease_until: leaseUntil })
      .where('backup_id', '=', backupId)
      .where('status', '=', 'running')
      .execute();
  }

  async finish(
    backupId: number,
    outcome: {
      status: 'succeeded' | 'failed';
      size_bytes: number | null;
      error: string | null;
      finished_at: string;
    },
  ): Promise<void> {
    await this.db
      .updateTable('backups')
      .set({ ...outcome, running_lock: null, lease_until: null })
      .where('backup_id', '=', backupId)
      .execute();
  }

  /** Running backups whose process stopped renewing them: failed, so the next one may run. */
  async failStale(now: string, error: string): Promise<number> {
    const result = await this.db
      .updateTable('backups')
      .set({ status: 'failed', error, finished_at: now, running_lock: null, lease_until: null })
      .where('status', '=', 'running')
      .where('lease_until', '<', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async hasSlot(slot: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('backups')
      .select('backup_id')
      .where('slot', '=', slot)
      .executeTakeFirst();
    return row !== undefined;
  }

  list(limit: number): Promise<BackupRow[]> {
    return this.db
      .selectFrom('backups')
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('backup_id', 'desc')
      .limit(limit)
      .execute();
  }

  find(backupId: number): Promise<BackupRow | undefined> {
    return this.db.selectFrom('backups').selectAll().where('backup_id', '=', backupId).executeTakeFirst();
  }

  /** Successful backups past the newest `keep`, oldest last. */
  succeededBeyond(keep: number): Promise<BackupRow[]> {
    return this.db
      .selectFrom('backups')
      .selectAll()
      .where('status', '=', 'succeeded')
      .orderBy('started_at', 'desc')
      .orderBy('backup_id', 'desc')
      .offset(keep)
      .limit(1000)
      .execute();
  }

  /** Failed backups that started before `before` (the oldest one kept). */
  async deleteFailedBefore(before: string): Promise<void> {
    await this.db
      .deleteFrom('backups')
      .where('status', '=', 'failed')
      .where('started_at', '<', before)
      .execute();
  }

  async delete(backupIds: number[]): Promise<void> {
    if (backupIds.length === 0) return;
    await this.db.deleteFrom('backups').where('backup_id', 'in', backupIds).execute();
  }

  /** How backups ended: the count per status and the last success and failure (what a metric reads). */
  async outcomes(): Promise<{ status: string; count: number; last_at: string | null }[]> {
    return this.db
      .selectFrom('backups')
      .select((eb) => [
        'status',
        eb.fn.countAll<number>().as('count'),
        eb.fn.max('finished_at').as('last_at'),
      ])
      .groupBy('status')
      .execute();
  }

  /**
   * After a restore: the backup that wrote the archive was running when its database was copied; it did finish,
   * into the archive just restored from.
   */
  async completeRestored(backupId: number, sizeBytes: number, finishedAt: string): Promise<void> {
    await this.db
      .updateTable('backups')
      .set({
        status: 'succeeded',
        size_bytes: sizeBytes,
        finished_at: finishedAt,
        running_lock: null,
        lease_until: null,
      })
      .where('backup_id', '=', backupId)
      .where('status', '=', 'running')
      .execute();
  }
}
