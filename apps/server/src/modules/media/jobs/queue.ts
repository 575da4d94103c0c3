/**
 * The transcode queue behind a small interface: the embedded default keeps jobs as rows of our database
 * (`DbJobQueue`); a deployment at scale can put pg-boss behind the same methods.
 */

/** transcode: a video or trailer asset; audio: an uploaded audio track; demo_art: the rendered art of a demo title. */
export type JobKind = 'transcode' | 'audio' | 'demo_art';

export interface Job {
  jobId: number;
  kind: JobKind;
  /** What the job works on (a media asset id for transcodes). */
  targetId: number;
  /** Attempts so far, this one included. */
  attempts: number;
  maxAttempts: number;
}

export type FailOutcome = 'retrying' | 'failed';

export interface JobQueue {
  enqueue(kind: JobKind, targetId: number, options?: { priority?: number }): Promise<number>;
  /** Takes the next due job (or one whose worker stopped renewing its lease); undefined when none. */
  claim(workerId: string, leaseMs: number): Promise<Job | undefined>;
  /** Renews the lease and records progress; false when the job is no longer this worker's (deleted or taken). */
  heartbeat(jobId: number, workerId: string, progress: number, leaseMs: number): Promise<boolean>;
  complete(jobId: number, workerId: string): Promise<void>;
  /** Records a failure: queued again after `retryDelayMs` while attempts remain, else failed for good. */
  fail(jobId: number, workerId: string, error: string, retryDelayMs: number): Promise<FailOutcome>;
  /** Hands a job back untouched (shutdown): it runs again without counting this attempt. */
  release(jobId: number, workerId: string): Promise<void>;
  /** Workers holding running jobs (to find the ones whose process died). */
  runningOwners(): Promise<{ jobId: number; workerId: string }[]>;
  /** Removes every job of this kind for a target (its asset or track was deleted or replaced). */
  removeForTarget(kind: JobKind, targetId: number): Promise<void>;
}
