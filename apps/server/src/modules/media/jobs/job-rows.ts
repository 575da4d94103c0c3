import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../../lib/clock.js';
import type { FailOutcome, JobKind } from './queue.js';

/**
 * The `media_jobs` rows as a job moves along. The admin's job list and alerts read these rows whichever queue
 * dispatches the jobs, so both queues (db-queue.ts, pgboss-queue.ts) keep them through this one class. Every
 * change after the claim is made only while the row is still the worker's (`locked_by`).
 */
export class JobRows {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** The clock's time, optionally moved by an offset, as stored in the rows. */
  now(offsetMs = 0): string {
    return new Date(this.clock.now().getTime() + offsetMs).toISOString();
  }

  async insert(kind: JobKind, targetId: number, priority: number, maxAttempts: number): Promise<number> {
    const now = this.now();
    const row = await this.db
      .insertInto('media_jobs')
      .values({
        kind,
        target_id: targetId,
        status: 'queued',
        priority,
        attempts: 0,
        max_attempts: maxAttempts,
        next_run_at: now,
        progress: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('job_id')
      .executeTakeFirstOrThrow();
    return row.job_id;
  }

  /** Progress and a renewed lease; false when the job is no longer this worker's. */
  async beat(jobId: number, workerId: string, progress: number, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('media_jobs')
      .set({ progress: Math.round(progress), locked_until: this.now(leaseMs), updated_at: this.now() })
      .where('job_id', '=', jobId)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  find(jobId: number) {
    return this.db
      .selectFrom('media_jobs')
      .select(['kind', 'attempts', 'max_attempts'])
      .where('job_id', '=', jobId)
      .executeTakeFirst();
  }

  async markDone(jobId: number, workerId: string): Promise<void> {
    const now = this.now();
    await this.db
      .updateTable('media_jobs')
      .set({
        status: 'done',
        progress: 100,
        error: null,
        locked_by: null,
        locked_until: null,
        finished_at: now,
        updated_at: now,
      })
      .where('job_id', '=', jobId)
      .where('locked_by', '=', workerId)
      .execute();
  }

  /** Queued again after the delay while attempts remain (a missing row counts as none left), else failed. */
  async markFailed(
    jobId: number,
    workerId: string,
    row: { attempts: number; max_attempts: number } | undefined,
    error: string,
    retryDelayMs: number,
  ): Promise<FailOutcome> {
    const final = !row || row.attempts >= row.max_attempts;
    const now = this.now();
    await this.db
      .updateTable('media_jobs')
      .set({
        status: final ? 'failed' : 'queued',
        error: error.slice(0, 2000),
        next_run_at: this.now(retryDelayMs),
        locked_by: null,
        locked_until: null,
        ...(final ? { finished_at: now } : {}),
        updated_at: now,
      })
      .where('job_id', '=', jobId)
      .where('locked_by', '=', workerId)
      .execute();
    return final ? 'failed' : 'retrying';
  }

  /** Back to queued at once, this attempt not counted; false when the job was not this worker's running one. */
  async requeue(jobId: number, workerId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('media_jobs')
      .set((eb) => ({
        status: 'queued',
        attempts: eb('attempts', '-', 1),
        next_run_at: this.now(),
        locked_by: null,
        locked_until: null,
        updated_at: this.now(),
      }))
      .where('job_id', '=', jobId)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async runningOwners(): Promise<{ jobId: number; workerId: string }[]> {
    const rows = await this.db
      .selectFrom('media_jobs')
      .select(['job_id', 'locked_by'])
      .where('status', '=', 'running')
      .where('locked_by', 'is not', null)
      .execute();
    return rows.map((row) => ({ jobId: row.job_id, workerId: row.locked_by! }));
  }
}
