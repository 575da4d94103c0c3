import type { VitalReport, VitalsReply } from '@salomtv/contract';
import { type Clock, DAY_MS } from '../../../lib/clock.js';
import { tooManyRequests } from '../../../lib/errors.js';
import type { RateLimitService } from '../../../platform/limits/service.js';
import type { VitalsRepo } from './repo.js';

const SHOWN_METRICS = ['LCP', 'INP', 'CLS'] as const;
/** Enough for every page of the site (about 45 routes), with a ceiling against made-up paths. */
const MAX_PAGES = 50;
const KEEP_DAYS = 31;

/** 0-based rank of the 75th percentile among n sorted values (nearest-rank method). */
export function p75Rank(count: number): number {
  return Math.max(0, Math.ceil(0.75 * count) - 1);
}

/**
 * A path without its query string or fragment, and with :id in place of a record's number, so /movies?id=1 and
 * /movies?id=2 count as one page, and /news/4 and /news/7 as /news/:id.
 */
function normalisePage(page: string): string {
  const path = (page.split(/[?#]/)[0] ?? '/').replace(/\/\d+(?=\/|$)/g, '/:id');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Core web vitals that real viewers' browsers report, and their 75th percentile per page. */
export class VitalsService {
  constructor(
    private readonly repo: VitalsRepo,
    private readonly limits: RateLimitService,
    private readonly clock: Clock,
    /** Reports accepted per address and minute (VITALS_PER_ADDRESS_PER_MINUTE). */
    private readonly perAddressPerMinute: number,
  ) {}

  async record(report: VitalReport, address: string): Promise<void> {
    const verdict = await this.limits.consume(`vitals:ip:${address}`, {
      limit: this.perAddressPerMinute,
      windowMs: 60_000,
    });
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
    await this.repo.upsert({
      metric_id: report.id,
      name: report.name,
      value: report.value,
      page: normalisePage(report.page),
      created_at: this.clock.now().toISOString(),
    });
  }

  /**
   * p75 of LCP, INP and CLS per page over the last `days`: counts per page and metric by one GROUP BY,
   * then each percentile is the single value at its rank (ORDER BY value LIMIT 1 OFFSET rank), which works
   * the same on SQLite and PostgreSQL and never loads the samples into memory.
   */
  async summary(days: number): Promise<VitalsReply> {
    const now = this.clock.now().getTime();
    const since = new Date(now - days * DAY_MS).toISOString();
    await this.repo.deleteBefore(new Date(now - KEEP_DAYS * DAY_MS).toISOString());
    const counts = await this.repo.counts(SHOWN_METRICS, since, MAX_PAGES);
    const pages = new Map<string, VitalsReply['pages'][number]>();
    for (const { page } of counts) {
      if (!pages.has(page) && pages.size < MAX_PAGES)
        pages.set(page, { page, LCP: null, INP: null, CLS: null });
    }
    await Promise.all(
      counts.map(async ({ page, name, samples }) => {
        const entry = pages.get(page);
        if (!entry) return;
        const value = await this.repo.valueAtRank(page, name, since, p75Rank(Number(samples)));
        if (value !== undefined)
          entry[name as (typeof SHOWN_METRICS)[number]] = { p75: value, samples: Number(samples) };
      }),
    );
    return { since, pages: [...pages.values()] };
  }
}
