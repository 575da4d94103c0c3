import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../../lib/clock.js';
import { JobRows } from './job-rows.js';
import type { FailOutcome, Job, JobKind, JobQueue } from './queue.js';

/** The durable queue as rows of `media_jobs`, claimed with a conditional update (safe across processes). */
export class DbJobQueue implements JobQueue {
  private readonly rows: JobRows;

  constructor(
    private readonly db: Kysely<Database>,
    clock: Clock,
    private readonly maxAttempts: number,
  ) {
    this.rows = new JobRows(db, clock);
  }

  private now(offsetMs = 0): string {
    return this.rows.now(offsetMs);
  }

  enqueue(kind: JobKind, targetId: number, options: { priority?: number } = {}): Promise<number> {
    return this.rows.insert(kind, targetId, options.priority ?? 0, this.maxAttempts);
  }

  async claim(workerId: string, leaseMs: number): Promise<Job | undefined> {
    const now = this.now();
    for (let tries = 0; tries < 5; tries++) {
      const candidate = await this.db
        .selectFrom('media_jobs')
        .select(['job_id', 'status', 'locked_until'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('next_run_at', '<=', now)]),
            eb.and([
              eb('status', '=', 'running'),
              eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]),
            ]),
          ]),
        )
        .orderBy('priority', 'desc')
        .orderBy('job_id')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return undefined;
      const result = await this.db
        .updateTable('media_jobs')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          locked_by: workerId,
          locked_until: this.now(leaseMs),
          started_at: now,
          updated_at: now,
        }))
        .where('job_id', '=', candidate.job_id)
        .where('status', '=', candidate.status)
        .where((eb) =>
          candidate.locked_until === null
            ? eb('locked_until', 'is', null)
            : eb('locked_until', '=', candidate.locked_until),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) continue; // another worker took it first
      const row = await this.db
        .selectFrom('media_jobs')
        .select(['job_id', 'kind', 'target_id', 'attempts', 'max_attempts'])
        .where('job_id', '=', candidate.job_id)
        .executeTakeFirstOrThrow();
      return {
        jobId: row.job_id,
        kind: row.kind,
        targetId: row.target_id,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
      };
    }
    return undefined;
  }

  heartbeat(jobId: number, workerId: string, progress: number, leaseMs: number): Promise<boolean> {
    return this.rows.beat(jobId, workerId, progress, leaseMs);
  }

  complete(jobId: number, workerId: string): Promise<void> {
    return this.rows.markDone(jobId, workerId);
  }

  async fail(jobId: number, workerId: string, error: string, retryDelayMs: number): Promise<FailOutcome> {
    return this.rows.markFailed(jobId, workerId, await this.rows.find(jobId), error, retryDelayMs);
  }

  async release(jobId: number, workerId: string): Promise<void> {
    await this.rows.requeue(jobId, workerId);
  }

  runningOwners(): Promise<{ jobId: number; workerId: string }[]> {
    return this.rows.runningOwners();
  }

  async removeForTarget(kind: JobKind, targetId: number): Promise<void> {
    await this.db
      .deleteFrom('media_jobs')
      .where('kind', '=', kind)
      .where('target_id', '=', targetId)
      .execute();
  }
}
