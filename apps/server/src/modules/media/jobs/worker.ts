import os from 'node:os';
import { backoffMs } from '../../../lib/backoff.js';
import { randomToken } from '../../../lib/tokens.js';
import { MediaFailure } from '../failure.js';
import type { Job, JobKind, JobQueue } from './queue.js';

/**
 * How often a running job's progress is written (the lease is renewed on its own timer). Each write is a
 * commit, and with synchronous=FULL a commit waits for the disk that ffmpeg keeps busy: every few seconds is
 * plenty for a progress bar and keeps viewers' requests from queueing behind the flushes (mixed load,
 * bench/README.md).
 */
export const PROGRESS_WRITE_MS = 5000;

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface WorkerLog {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export interface JobContext {
  signal: AbortSignal;
  /** Reports progress (0-100); also renews the job's lease. */
  progress(percent: number): void;
  /** Reports an encode of `mediaSeconds` of media that took `wallMs` (the job's speed, x real time). */
  encoded(mediaSeconds: number, wallMs: number): void;
}

export type JobOutcome = 'done' | 'retrying' | 'failed' | 'interrupted';

/** What the worker tells the metrics of each job it ran. */
export interface JobMetrics {
  finished(kind: JobKind, outcome: JobOutcome): void;
  encoded(kind: JobKind, speed: number): void;
}

/** What runs one kind of job (PeerTube style: handlers dispatched by kind from one map). */
export interface JobHandler {
  run(job: Job, context: JobContext): Promise<void>;
  /** After a failed attempt, with the reason an admin may see; `final` when no attempts remain. */
  failed(job: Job, reason: string, final: boolean): Promise<void>;
}

/**
 * What a failed job says to the admins (its row, its title): a MediaFailure's own words; anything else (a file
 * system or storage error, whose message names server paths) only that it failed on our side, by job id, so the
 * log line with the same id can be found.
 */
export function publicReason(job: Job, error: unknown): string {
  if (error instanceof MediaFailure) return error.message;
  return `Something went wrong on our side (job ${job.jobId}): the server log has the details`;
}

export interface WorkerOptions {
  pollMs: number;
  retryBaseSeconds: number;
  leaseMs?: number;
  log: WorkerLog;
  metrics: JobMetrics;
}

/**
 * Polls the queue and runs one job at a time. `stop()` aborts the running job (killing its ffmpeg),
 * hands it back to the queue and resolves when nothing is left running.
 */
export class JobWorker {
  readonly workerId = `${os.hostname()}:${process.pid}:${randomToken(4)}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private current: AbortController | undefined;
  private stopped = true;
  private readonly leaseMs: number;

  constructor(
    private readonly queue: JobQueue,
    private readonly handlers: Record<JobKind, JobHandler>,
    private readonly options: WorkerOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.reclaimOrphans().finally(() => {
      this.running = undefined;
      this.schedule(0);
    });
  }

  /**
   * A job left running by a process of this host that no longer exists (killed, crashed) is handed back at once,
   * rather than after its lease runs out; jobs of other hosts wait for their lease.
   */
  private async reclaimOrphans(): Promise<void> {
    try {
      const host = os.hostname();
      for (const { jobId, workerId } of await this.queue.runningOwners()) {
        const [ownerHost, ownerPid] = workerId.split(':');
        if (ownerHost !== host || !ownerPid || processAlive(Number(ownerPid))) continue;
        await this.queue.release(jobId, workerId);
        this.options.log.warn({ jobId, workerId }, 'took up a job whose worker process is gone');
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'could not look for orphaned jobs');
    }
  }

  /** Looks for work now (after an upload queued a job in this process). */
  wake(): void {
    if (this.stopped || this.running) return;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.current?.abort();
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.running) return;
      this.running = this.tick().finally(() => {
        this.running = undefined;
      });
    }, delay);
  }

  private async tick(): Promise<void> {
    let worked = false;
    try {
      const job = await this.queue.claim(this.workerId, this.leaseMs);
      if (job) {
        worked = true;
        await this.runJob(job);
      }
    } catch (error) {
      this.options.log.error({ err: error }, 'job worker poll failed');
    }
    this.schedule(worked ? 0 : this.options.pollMs);
  }

  private async runJob(job: Job): Promise<void> {
    const handler = this.handlers[job.kind];
    const controller = new AbortController();
    this.current = controller;
    let lastBeat = 0;
    let percent = 0;
    const beat = () => {
      lastBeat = Date.now();
      this.queue.heartbeat(job.jobId, this.workerId, percent, this.leaseMs).then(
        (mine) => {
          if (!mine) controller.abort(); // deleted (title removed, video replaced) or taken over
        },
        () => {},
      );
    };
    const keepAlive = setInterval(beat, Math.max(1000, this.leaseMs / 3));
    keepAlive.unref();
    const context: JobContext = {
      signal: controller.signal,
      progress: (value) => {
        percent = Math.max(0, Math.min(100, value));
        if (Date.now() - lastBeat >= PROGRESS_WRITE_MS) beat();
      },
      encoded: (mediaSeconds, wallMs) => {
        if (mediaSeconds > 0 && wallMs > 0)
          this.options.metrics.encoded(job.kind, mediaSeconds / (wallMs / 1000));
      },
    };
    this.options.log.info(
      { jobId: job.jobId, kind: job.kind, target: job.targetId, attempt: job.attempts },
      'job started',
    );
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler.run(job, context);
      await this.queue.complete(job.jobId, this.workerId);
      this.options.metrics.finished(job.kind, 'done');
      this.options.log.info({ jobId: job.jobId }, 'job done');
    } catch (error) {
      const reason = publicReason(job, error);
      // The raw cause (ffmpeg's own lines, paths) goes to the log only, under the job's id.
      const detail =
        error instanceof MediaFailure
          ? (error.detail ?? error.message)
          : error instanceof Error
            ? error.message
            : String(error);
      if (controller.signal.aborted) {
        // Shutdown hands the job back; a deleted job needs nothing more.
        if (this.stopped) await this.queue.release(job.jobId, this.workerId).catch(() => {});
        this.options.metrics.finished(job.kind, 'interrupted');
        this.options.log.warn({ jobId: job.jobId }, 'job interrupted');
      } else {
        // The handler records the failure first, so the job row changes last (watchers can rely on it).
        const final = job.attempts >= job.maxAttempts;
        await handler?.failed(job, reason, final).catch((err) => {
          this.options.log.error({ err }, 'job failure handler failed');
        });
        const outcome = await this.queue.fail(
          job.jobId,
          this.workerId,
          reason,
          backoffMs(job.attempts, this.options.retryBaseSeconds),
        );
        this.options.metrics.finished(job.kind, outcome);
        this.options.log.warn(
          { jobId: job.jobId, kind: job.kind, attempt: job.attempts, outcome, reason, detail },
          'job failed',
        );
      }
    } finally {
      clearInterval(keepAlive);
      this.current = undefined;
    }
  }
}
