import { type Kysely, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../../lib/clock.js';
import { JobRows } from './job-rows.js';
import type { FailOutcome, Job, JobKind, JobQueue } from './queue.js';

const KINDS: JobKind[] = ['demo_art', 'transcode', 'audio'];

export interface PgBossSettings {
  connectionString: string;
  /** pg-boss keeps its tables in a schema of its own. */
  schema: string;
  maxAttempts: number;
  retryBaseSeconds: number;
  /** A running job not renewed for this long is handed to another worker (pg-boss expiry). */
  leaseSeconds: number;
  onError?: (error: Error) => void;
}

/** pg-boss wants UUIDs: each `media_jobs` row's number maps to one, so either side finds the other. */
export function bossId(jobId: number): string {
  return `00000000-0000-4000-8000-${jobId.toString(16).padStart(12, '0')}`;
}

/**
 * The transcode queue on pg-boss (JOB_QUEUE=pgboss, the default on PostgreSQL). pg-boss dispatches: claims
 * with SKIP LOCKED, retries with exponential backoff, expiry of jobs whose worker stopped renewing them, and
 * a singleton key per asset so one asset is never worked on twice at once. Each job also keeps its row in
 * `media_jobs`, which the admin's job list and alerts read, with status, attempts, progress and error.
 */
export class PgBossJobQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly rows: JobRows;
  private ready: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    clock: Clock,
    private readonly settings: PgBossSettings,
  ) {
    this.rows = new JobRows(db, clock);
    this.boss = new PgBoss({
      connectionString: settings.connectionString,
      schema: settings.schema,
      max: 4,
      schedule: false,
      // Expiry is checked at each maintenance run: as often as the lease, at most once a minute.
      maintenanceIntervalSeconds: Math.max(1, Math.min(60, settings.leaseSeconds)),
    });
    this.boss.on('error', (error) => settings.onError?.(error));
  }

  /**
   * Starts pg-boss (installing its schema) and creates the queues, once, on first use. A failed start is not
   * kept: the next call tries again, where a kept rejection would refuse every upload until a restart.
   */
  private start(): Promise<void> {
    this.ready ??= this.startOnce().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private async startOnce(): Promise<void> {
    await this.boss.start();
    if ((await Promise.all(KINDS.map((kind) => this.boss.getQueue(kind)))).every(Boolean)) return;
    // Two processes creating the same queue at once deadlock inside pg-boss (seen with an API instance's first
    // upload and a worker starting): one creator at a time, across processes, through an advisory lock.
    await this.db.connection().execute(async (connection) => {
      const lockKey = `salomtv:create-queues:${this.settings.schema}`;
      await sql`select pg_advisory_lock(hashtext(${lockKey}))`.execute(connection);
      try {
        for (const kind of KINDS) {
          if (await this.boss.getQueue(kind)) continue;
          await this.boss.createQueue(kind, {
            name: kind,
            policy: 'singleton',
            retryLimit: this.settings.maxAttempts - 1,
            retryDelay: Math.round(this.settings.retryBaseSeconds),
            retryBackoff: true,
            expireInSeconds: this.settings.leaseSeconds,
          });
        }
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${lockKey}))`.execute(connection);
      }
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.ready) await this.ready.catch(() => {});
    await this.boss.stop({ graceful: false, wait: true, close: true }).catch(() => {});
  }

  private now(offsetMs = 0): string {
    return this.rows.now(offsetMs);
  }

  private sql(text: string, values: unknown[]) {
    return this.boss.getDb().executeSql(text, values as never[]);
  }

  async enqueue(kind: JobKind, targetId: number, options: { priority?: number } = {}): Promise<number> {
    await this.start();
    const jobId = await this.rows.insert(kind, targetId, options.priority ?? 0, this.settings.maxAttempts);
    try {
      await this.boss.send(
        kind,
        { jobId, targetId },
        {
          id: bossId(jobId),
          priority: options.priority ?? 0,
          singletonKey: `${kind}:${targetId}`,
          retryLimit: this.settings.maxAttempts - 1,
          retryDelay: Math.round(this.settings.retryBaseSeconds),
          retryBackoff: true,
          expireInSeconds: this.settings.leaseSeconds,
        },
      );
    } catch (error) {
      await this.db.deleteFrom('media_jobs').where('job_id', '=', jobId).execute();
      throw error;
    }
    return jobId;
  }

  async claim(workerId: string, leaseMs: number): Promise<Job | undefined> {
    await this.start();
    for (const kind of KINDS) {
      const [job] = await this.boss.fetch<{ jobId: number; targetId: number }>(kind, {
        batchSize: 1,
        includeMetadata: true,
      });
      if (!job) continue;
      const now = this.now();
      const attempts = job.retryCount + 1;
      const result = await this.db
        .updateTable('media_jobs')
        .set({
          status: 'running',
          attempts,
          locked_by: workerId,
          locked_until: this.now(leaseMs),
          started_at: now,
          updated_at: now,
        })
        .where('job_id', '=', job.data.jobId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        // Its row was removed (the title or video was deleted) while it waited.
        await this.boss.cancel(kind, job.id);
        continue;
      }
      return {
        jobId: job.data.jobId,
        kind,
        targetId: job.data.targetId,
        attempts,
        maxAttempts: job.retryLimit + 1,
      };
    }
    return undefined;
  }

  /** Renews pg-boss's expiry (its clock starts at started_on) and records progress on the row. */
  async heartbeat(jobId: number, workerId: string, progress: number, leaseMs: number): Promise<boolean> {
    const renewed = await this.sql(
      `UPDATE "${this.settings.schema}".job SET started_on = now() WHERE name = ANY($1) AND id = $2 AND state = 'active' RETURNING id`,
      [KINDS, bossId(jobId)],
    );
    if (renewed.rows.length === 0) return false;
    return this.rows.beat(jobId, workerId, progress, leaseMs);
  }

  async complete(jobId: number, workerId: string): Promise<void> {
    const kind = (await this.rows.find(jobId))?.kind;
    if (kind) await this.boss.complete(kind, bossId(jobId));
    await this.rows.markDone(jobId, workerId);
  }

  /** pg-boss schedules the retry (exponential backoff with jitter) or fails the job for good. */
  async fail(jobId: number, workerId: string, error: string, retryDelayMs: number): Promise<FailOutcome> {
    const row = await this.rows.find(jobId);
    if (row) await this.boss.fail(row.kind, bossId(jobId), { message: error.slice(0, 2000) });
    return this.rows.markFailed(jobId, workerId, row, error, retryDelayMs);
  }

  /** Back to the queue at once without counting the attempt (the next fetch adds it again). */
  async release(jobId: number, workerId: string): Promise<void> {
    await this.start();
    if (!(await this.rows.requeue(jobId, workerId))) return;
    await this.sql(
      `UPDATE "${this.settings.schema}".job SET state = 'retry', start_after = now(), retry_count = retry_count - 1 WHERE name = ANY($1) AND id = $2 AND state = 'active'`,
      [KINDS, bossId(jobId)],
    );
  }

  runningOwners(): Promise<{ jobId: number; workerId: string }[]> {
    return this.rows.runningOwners();
  }

  async removeForTarget(kind: JobKind, targetId: number): Promise<void> {
    await this.start();
    const rows = await this.db
      .selectFrom('media_jobs')
      .select('job_id')
      .where('kind', '=', kind)
      .where('target_id', '=', targetId)
      .execute();
    const ids = rows.map((row) => bossId(row.job_id));
    if (ids.length > 0) await this.boss.cancel(kind, ids);
    await this.db
      .deleteFrom('media_jobs')
      .where('kind', '=', kind)
      .where('target_id', '=', targetId)
      .execute();
  }
}
