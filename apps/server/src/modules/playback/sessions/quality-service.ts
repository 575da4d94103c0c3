import type { PlaybackQualityReply, PlaybackQualityReport } from '@salomtv/contract';
import { type Clock, DAY_MS } from '../../../lib/clock.js';
import type { Metrics } from '../../../platform/metrics/metrics.js';
import type { PlaybackTitles } from './playback-titles.js';
import type { PlaybackQualityRepo } from './quality-repo.js';

/** Seconds to the first frame: a cached start is a fraction of a second, a cold one on a slow line several. */
const FIRST_FRAME_BUCKETS = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 8, 13, 20];
/** Hours of reports kept for the dashboard (the metrics keep their own history in Prometheus). */
const KEEP_DAYS = 30;
const DASHBOARD_TITLES = 20;

/** The UTC hour of a moment, as the table keys it: 2026-06-01T10. */
export function hourOf(moment: Date): string {
  return moment.toISOString().slice(0, 13);
}

type CapLabel = 'quality_cap';

/**
 * The players' quality reports (sent with their heartbeats and their stop): counted into the metrics (first-frame
 * histogram, watch, stall and error counters by quality cap) and added up per title and hour for the dashboard.
 */
export class PlaybackQualityService {
  private readonly firstFrame;
  private readonly counters;

  constructor(
    private readonly repo: PlaybackQualityRepo,
    private readonly titles: PlaybackTitles,
    private readonly clock: Clock,
    metrics: Metrics,
  ) {
    const labels = ['quality_cap'] as const;
    this.firstFrame = metrics.histogram<CapLabel>(
      'playback_first_frame_seconds',
      'Time from a player asking for a stream to its first frame, as the players report it',
      labels,
      FIRST_FRAME_BUCKETS,
    );
    const counter = (name: string, help: string) => metrics.counter<CapLabel>(name, help, labels);
    this.counters = {
      watched: counter('playback_watched_seconds_total', 'Seconds of playing the players report'),
      stalls: counter('playback_stalls_total', 'Times playing stopped to wait for data (seeks not counted)'),
      stalled: counter('playback_stalled_seconds_total', 'Seconds the players spent stalled'),
      errors: counter('playback_errors_total', 'Playback errors the players report'),
      switches: counter('playback_quality_switches_total', 'Changes of rendition while playing'),
      bytes: counter('playback_loaded_bytes_total', 'Media bytes the players report having loaded'),
    };
  }

  /** Adds a player's report on one of its title's playbacks, under the cap it streams at. */
  async record(titleId: number, maxHeight: number, report: PlaybackQualityReport): Promise<void> {
    const labels = { quality_cap: String(maxHeight) };
    const started = report.first_frame_ms !== undefined;
    if (started) this.firstFrame.observe(labels, report.first_frame_ms! / 1000);
    this.counters.watched.inc(labels, report.watched_ms / 1000);
    this.counters.stalls.inc(labels, report.stalls);
    this.counters.stalled.inc(labels, report.stalled_ms / 1000);
    this.counters.errors.inc(labels, report.errors);
    this.counters.switches.inc(labels, report.quality_switches);
    this.counters.bytes.inc(labels, report.bytes_loaded);
    await this.repo.add(hourOf(this.clock.now()), titleId, {
      starts: started ? 1 : 0,
      first_frame_ms: report.first_frame_ms ?? 0,
      watched_ms: report.watched_ms,
      stalls: report.stalls,
      stalled_ms: report.stalled_ms,
      errors: report.errors,
      quality_switches: report.quality_switches,
      bytes_loaded: report.bytes_loaded,
    });
  }

  /** The last 24 hours (from the start of the hour a day ago), per title, most watched first. */
  async lastDay(): Promise<PlaybackQualityReply> {
    const since = new Date(this.clock.now().getTime() - DAY_MS);
    const fromHour = hourOf(since);
    const rows = await this.repo.sumsSince(fromHour, DASHBOARD_TITLES);
    const names = await Promise.all(rows.map((row) => this.titles.findById(row.title_id)));
    return {
      since: `${fromHour}:00:00.000Z`,
      items: rows.map((row, index) => ({
        movie_id: row.title_id,
        title: names[index]?.title ?? '',
        plays: row.starts,
        start_ms: row.starts > 0 ? Math.round(row.first_frame_ms / row.starts) : null,
        watched_seconds: Math.round(row.watched_ms / 1000),
        stalls: row.stalls,
        stall_ratio:
          row.watched_ms + row.stalled_ms > 0 ? row.stalled_ms / (row.watched_ms + row.stalled_ms) : null,
        errors: row.errors,
        quality_switches: row.quality_switches,
      })),
    };
  }

  /** Forgets hours older than the dashboard shows, with a margin (the cleanup timer calls this). */
  async cleanup(): Promise<void> {
    await this.repo.deleteBefore(hourOf(new Date(this.clock.now().getTime() - KEEP_DAYS * DAY_MS)));
  }
}
