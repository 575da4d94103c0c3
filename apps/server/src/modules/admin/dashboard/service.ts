import type { DashboardReply, PlaybackQualityReply, RevenueReply, StatCard } from '@salomtv/contract';
import { addDays, type Clock } from '../../../lib/clock.js';
import {
  buckets,
  changePct,
  oneMonthBefore,
  startOfUtcDay,
  startOfUtcMonth,
  startOfUtcWeek,
} from './periods.js';
import type { DashboardRepo, Range } from './repo.js';

/** The players' quality figures per title over the last day (the playback module's). */
export interface PlaybackQualityFigures {
  lastDay(): Promise<PlaybackQualityReply>;
}

const DEFAULT_CURRENCY = 'USD';

function range(from: Date, to: Date): Range {
  return { from: from.toISOString(), to: to.toISOString() };
}

function card(current: number, previous: number, period: Range, previousPeriod: Range): StatCard {
  return {
    available: true,
    current,
    previous,
    change_pct: changePct(current, previous),
    period,
    previous_period: previousPeriod,
  };
}

/** Media job priority (an integer; 0 is normal) as the dashboard's Low / Average / High. */
function priorityLabel(priority: number): 'Low' | 'Average' | 'High' {
  if (priority > 0) return 'High';
  if (priority < 0) return 'Low';
  return 'Average';
}

export class DashboardService {
  constructor(
    private readonly repo: DashboardRepo,
    private readonly clock: Clock,
    private readonly quality: PlaybackQualityFigures,
  ) {}

  /**
   * The four stat cards. Periods are UTC calendar periods, the current one so far against the whole previous
   * one: sign-ups this ISO week (from Monday), titles and revenue this month; customers now against a month ago.
   */
  async summary(): Promise<DashboardReply> {
    const now = this.clock.now();
    const week = startOfUtcWeek(now);
    const thisWeek = range(week, addDays(week, 7));
    const lastWeek = range(addDays(week, -7), week);
    const thisMonth = range(startOfUtcMonth(now), startOfUtcMonth(now, 1));
    const lastMonth = range(startOfUtcMonth(now, -1), startOfUtcMonth(now));
    const monthAgo = oneMonthBefore(now).toISOString();
    const currency = await this.currency();

    const [
      signups,
      previousSignups,
      customers,
      previousCustomers,
      titles,
      previousTitles,
      revenue,
      previousRevenue,
    ] = await Promise.all([
      this.repo.countSignups(thisWeek),
      this.repo.countSignups(lastWeek),
      this.repo.countCustomersNow(),
      this.repo.countCustomersAt(monthAgo),
      this.repo.countPublishedTitles(thisMonth),
      this.repo.countPublishedTitles(lastMonth),
      this.repo.revenue(thisMonth, currency),
      this.repo.revenue(lastMonth, currency),
    ]);
    return {
      signups: card(signups, previousSignups, thisWeek, lastWeek),
      customers: card(
        customers,
        previousCustomers,
        { from: now.toISOString(), to: now.toISOString() },
        { from: monthAgo, to: monthAgo },
      ),
      new_titles: card(titles, previousTitles, thisMonth, lastMonth),
      revenue: { ...card(revenue, previousRevenue, thisMonth, lastMonth), currency },
    };
  }

  /** Revenue per day over the last 7 (week) or 30 (month) days, or per month over the last 12 (year). */
  async revenue(period: 'week' | 'month' | 'year'): Promise<RevenueReply> {
    const now = this.clock.now();
    const currency = await this.currency();
    const unit = period === 'year' ? 'month' : 'day';
    const to = unit === 'day' ? addDays(startOfUtcDay(now), 1) : startOfUtcMonth(now, 1);
    const from =
      period === 'week' ? addDays(to, -7) : period === 'month' ? addDays(to, -30) : startOfUtcMonth(now, -11);
    const points = await this.repo.revenueSeries(buckets(from, to, unit), currency);
    return {
      available: true,
      period,
      currency,
      points,
      total_cents: points.reduce((sum, point) => sum + point.amount_cents, 0),
    };
  }

  /** Titles by their views, the figure their cards show viewers. */
  async mostWatched(limit = 10) {
    return {
      available: true,
      source: 'view_count' as const,
      items: await this.repo.mostWatchedByViews(limit),
    };
  }

  async jobs(limit = 20) {
    const rows = await this.repo.latestJobs(limit);
    return {
      available: true,
      items: rows.map((row) => ({
        job_id: row.job_id,
        movie_id: row.movie_id,
        title: row.title,
        job: row.asset_kind ? `${row.kind} ${row.asset_kind}` : row.kind,
        status: row.status,
        progress: row.progress,
        priority: priorityLabel(row.priority),
        error: row.error,
        started_at: row.started_at,
        finished_at: row.finished_at,
        created_at: row.created_at,
        link: row.movie_id !== null ? `/editmovies?movie_id=${row.movie_id}` : null,
      })),
    };
  }

  async payments(limit = 10) {
    const rows = await this.repo.latestPayments(limit);
    return {
      available: true,
      items: rows.map((row) => ({
        payment_id: row.payment_id,
        user_id: row.user_id,
        user_name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.phone_number,
        plan: row.plan,
        amount_cents: row.amount_cents,
        currency: row.currency,
        status: row.status,
        created_at: row.created_at,
      })),
    };
  }

  /** Start time, stall ratio and errors per title over the last day, from the players' reports. */
  playbackQuality(): Promise<PlaybackQualityReply> {
    return this.quality.lastDay();
  }

  private async currency(): Promise<string> {
    return (await this.repo.mainCurrency()) ?? DEFAULT_CURRENCY;
  }
}
