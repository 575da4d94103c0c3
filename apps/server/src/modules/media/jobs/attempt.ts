import fs from 'node:fs/promises';
import path from 'node:path';
import { randomToken } from '../../../lib/tokens.js';
import type { Job } from './queue.js';
import { type JobContext, PROGRESS_WRITE_MS } from './worker.js';

/**
 * A new working folder under `tmpDir` for this attempt of a job, named `prefix` and a random tail, once what an
 * earlier attempt (in a process that died) left under the same prefix is removed.
 */
export async function attemptFolder(tmpDir: string, prefix: string): Promise<string> {
  for (const entry of await fs.readdir(tmpDir).catch(() => [] as string[])) {
    if (entry.startsWith(prefix)) await fs.rm(path.join(tmpDir, entry), { recursive: true, force: true });
  }
  return path.join(tmpDir, `${prefix}${randomToken(4)}`);
}

/** Progress to the worker on every report, and to `write` (the job's record) at most every PROGRESS_WRITE_MS. */
export function progressReporter(
  context: JobContext,
  write: (percent: number) => Promise<unknown>,
): (percent: number) => void {
  let lastWrite = 0;
  return (percent) => {
    context.progress(percent);
    if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
    lastWrite = Date.now();
    void write(percent).catch(() => {});
  };
}

/**
 * What a failed attempt leaves on the record the job works for (a media asset, an audio track): failed with the
 * reason once the job gives up, else queued again with the attempt counted.
 */
export function failedAttempt(job: Job, reason: string, final: boolean) {
  return {
    status: final ? ('failed' as const) : ('queued' as const),
    error: final ? reason : `Attempt ${job.attempts} of ${job.maxAttempts} failed, retrying: ${reason}`,
  };
}
