import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { FailOutcome, Job, JobKind, JobQueue } from './queue.js';

/** The durable queue as rows of `media_jobs`, claimed with a conditional update (safe across processes). */
export class DbJobQueue implements JobQueue {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly maxAttempts: number,
  ) {}

  private now(offsetMs = 0): string {
    return new Date(this.clock.now().getTime() + offsetMs).toISOString();
  }

  async enqueue(kind: JobKind, targetId: number, options: { priority?: number } = {}): Promise<number> {
    const now = this.now();
    const row = await this.db
      .insertInto('media_jobs')
      .values({
        kind,
        target_id: targetId,
        status: 'queued',
        priority: options.priority ?? 0,
        attempts: 0,
        max_attempts: this.maxAttempts,
        next_run_at: now,
        progress: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('job_id')
      .executeTakeFirstOrThrow();
    return row.job_id;
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

  async heartbeat(jobId: number, workerId: string, progress: number, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('media_jobs')
      .set({ progress: Math.round(progress), locked_until: this.now(leaseMs), updated_at: this.now() })
      .where('job_id', '=', jobId)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async complete(jobId: number, workerId: string): Promise<void> {
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

  async fail(jobId: number, workerId: string, error: string, retryDelayMs: number): Promise<FailOutcome> {
    const row = await this.db
      .selectFrom('media_jobs')
      .select(['attempts', 'max_attempts'])
      .where('job_id', '=', jobId)
      .executeTakeFirst();
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

  async release(jobId: number, workerId: string): Promise<void> {
    await this.db
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
      .execute();
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

  async removeForTarget(targetId: number): Promise<void> {
    await this.db.deleteFrom('media_jobs').where('target_id', '=', targetId).execute();
  }
}
