import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../../lib/clock.js';
import type { Metrics } from '../../../platform/metrics/metrics.js';
import type { JobKind } from './queue.js';
import type { JobMetrics } from './worker.js';

const KINDS: readonly JobKind[] = ['transcode', 'audio', 'demo_art'];
const STATUSES = ['queued', 'running', 'failed'] as const;
/** x real time: a 1080p ladder on a small machine runs below 1, a short audio track far above. */
const SPEED_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64];

/** The `media_jobs` rows as the metrics read them at each scrape (whichever queue dispatches the jobs). */
export class JobStatsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  counts(): Promise<{ kind: string; status: string; jobs: number }[]> {
    return this.db
      .selectFrom('media_jobs')
      .where('status', 'in', [...STATUSES])
      .groupBy(['kind', 'status'])
      .select((eb) => ['kind', 'status', eb.fn.countAll<number>().as('jobs')])
      .execute();
  }

  /** Per kind, when the longest-waiting queued job became due. */
  oldestDue(nowIso: string): Promise<{ kind: string; due: string | null }[]> {
    return this.db
      .selectFrom('media_jobs')
      .where('status', '=', 'queued')
      .where('next_run_at', '<=', nowIso)
      .groupBy('kind')
      .select((eb) => ['kind', eb.fn.min<string>('next_run_at').as('due')])
      .execute();
  }
}

/**
 * The queue's levels, read from the database at each scrape (the same figures from every process: read them with
 * max, not sum): jobs queued, running and failed by kind, and how long the longest-waiting due job has waited.
 */
export function registerJobGauges(metrics: Metrics, stats: JobStatsRepo, clock: Clock): void {
  metrics.gauge(
    'media_jobs',
    'Media jobs by kind and status: queued (due or waiting for a retry), running, failed for good',
    ['kind', 'status'],
    async (set) => {
      const found = new Map((await stats.counts()).map((row) => [`${row.kind} ${row.status}`, row.jobs]));
      for (const kind of KINDS)
        for (const status of STATUSES) set({ kind, status }, Number(found.get(`${kind} ${status}`) ?? 0));
    },
  );
  metrics.gauge(
    'media_job_oldest_queued_seconds',
    'Seconds the longest-waiting due job of each kind has waited for a worker (0 when none waits)',
    ['kind'],
    async (set) => {
      const now = clock.now();
      const due = new Map((await stats.oldestDue(now.toISOString())).map((row) => [row.kind, row.due]));
      for (const kind of KINDS) {
        const since = due.get(kind);
        set({ kind }, since ? Math.max(0, (now.getTime() - Date.parse(since)) / 1000) : 0);
      }
    },
  );
}

/** The worker's own figures: attempts by outcome and the encode speed, in the process that runs the jobs. */
export function jobMetrics(metrics: Metrics): JobMetrics {
  const attempts = metrics.counter(
    'media_job_attempts_total',
    'Media job attempts this process ran, by kind and outcome (done, retrying, failed, interrupted)',
    ['kind', 'outcome'],
  );
  const speed = metrics.histogram(
    'media_job_speed_ratio',
    'Seconds of media encoded per second of work (x real time), by job kind',
    ['kind'],
    SPEED_BUCKETS,
  );
  return {
    finished: (kind, outcome) => attempts.inc({ kind, outcome }),
    encoded: (kind, ratio) => speed.observe({ kind }, ratio),
  };
}
