import {
  PLAYBACK_HEARTBEAT_SECONDS,
  type PlaybackQualityReport,
  type PlaybackSession,
  type QualityCap,
  type StreamLimitReply,
  withinMaturity,
} from '@salomtv/contract';
import { type Clock, DAY_MS } from '../../../lib/clock.js';
import { AppError, notFound } from '../../../lib/errors.js';
import { randomToken } from '../../../lib/tokens.js';
import type { MetricCounter, Metrics } from '../../../platform/metrics/metrics.js';
import type { ViewerAccess } from '../../billing/module.js';
import { type AccessReader, entitlementFor } from '../../billing/module.js';
import { parseList } from '../../catalog/module.js';
import type { StreamViewer } from '../streams/stream-sessions.js';
import { deviceLabel } from './device-label.js';
import { type LivePlaybacks, SILENCE_MS } from './live-playbacks.js';
import type { PlaybackRepo, PlaybackRow, StreamPlan } from './playback-repo.js';
import type { PlaybackTitles } from './playback-titles.js';
import type { PlaybackQualityService } from './quality-service.js';

/** A session last heard from at or before this moment has gone silent: it no longer holds a stream. */
function silentBefore(now: Date): string {
  return new Date(now.getTime() - SILENCE_MS).toISOString();
}

/** The names of profiles by id (accounts' profiles). */
export interface ProfileNames {
  namesOf(profileIds: number[]): Promise<Map<number, string>>;
}

export interface PlaybackGrant {
  playback_id: string;
  max_height: QualityCap;
  preroll: boolean;
  heartbeat_seconds: number;
}

export type PlaybackAnswer = { ok: true; grant: PlaybackGrant } | { ok: false; limit: StreamLimitReply };

/** What a session streams under, as the metrics count live sessions: a plan's code, or why no plan applies. */
export function streamPlan(access: ViewerAccess): StreamPlan {
  const plan = access.admin
    ? 'admin'
    : access.status === 'trialing'
      ? 'trial'
      : access.hasAccess
        ? (access.plan?.code ?? 'none')
        : 'none';
  return { plan, max_height: access.maxHeight };
}

function sessionView(
  row: PlaybackRow,
  names: ReadonlyMap<number, string>,
  profiles: ReadonlyMap<number, string>,
): PlaybackSession {
  return {
    playback_id: row.playback_id,
    title_id: row.title_id,
    title: names.get(row.title_id) ?? '',
    profile: (row.profile_id !== null && profiles.get(row.profile_id)) || null,
    device_label: row.device_label,
    started_at: row.started_at,
    last_seen_at: row.last_seen_at,
  };
}

/**
 * Simultaneous streams: each player holds a session it renews; the plan's max_streams bounds the live ones, and
 * every feature stream address belongs to one (`live` tells the stream addresses at once of each change here).
 */
export class PlaybackService {
  private readonly refusals: MetricCounter;

  constructor(
    private readonly sessions: PlaybackRepo,
    private readonly live: LivePlaybacks,
    private readonly access: AccessReader,
    private readonly titles: PlaybackTitles,
    /** Accounts' profile names: the over-the-limit prompt says which profile watches where. */
    private readonly profiles: ProfileNames,
    private readonly clock: Clock,
    /** The players' quality reports, sent with heartbeats and stops. */
    private readonly quality: PlaybackQualityService,
    metrics: Metrics,
  ) {
    this.refusals = metrics.counter(
      'stream_limit_refusals_total',
      "Plays refused because the account's plan already streams its maximum at once",
    );
  }

  async start(
    viewer: StreamViewer,
    movieId: number,
    userAgent: string | undefined,
    label?: string,
  ): Promise<PlaybackAnswer> {
    const userId = viewer.user_id;
    const access = await this.access.accessFor(userId);
    await this.assertMayPlay(access, viewer, movieId);
    const now = this.clock.now();
    const row: PlaybackRow = {
      playback_id: randomToken(18),
      user_id: userId,
      session_hash: viewer.session_hash,
      profile_id: viewer.profile_id,
      title_id: movieId,
      device_label: (label ?? deviceLabel(userAgent)).slice(0, 100),
      started_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      ended_at: null,
      ...streamPlan(access),
    };
    const live = await this.sessions.insertWithinLimit(row, access.maxStreams, silentBefore(now));
    if (live) return { ok: false, limit: await this.limitReply(access.maxStreams, live) };
    this.live.remember(row);
    return { ok: true, grant: this.grant(row.playback_id, access) };
  }

  /**
   * The player's "still watching", from the sign-in session that started it; a session that went silent is let
   * back in if a stream is free. `quality`: what the player saw since its last report.
   */
  async heartbeat(
    viewer: StreamViewer,
    playbackId: string,
    quality?: PlaybackQualityReport,
  ): Promise<PlaybackAnswer> {
    const userId = viewer.user_id;
    const row = await this.requireOwn(userId, playbackId);
    if (row.session_hash !== viewer.session_hash) throw notFound('This stream does not exist');
    // What was watched counts whatever happens to the stream now.
    if (quality) await this.quality.record(row.title_id, row.max_height, quality);
    if (row.ended_at !== null) {
      this.live.remember(row);
      throw new AppError(410, 'stream_stopped', 'This stream was stopped from another device');
    }
    const access = await this.access.accessFor(userId);
    await this.assertMayPlay(access, viewer, row.title_id);
    const now = this.clock.now();
    const sinceIso = silentBefore(now);
    const plan = streamPlan(access);
    // A live session holds its stream already: only one that went silent must find a free one again.
    if (row.last_seen_at > sinceIso) await this.sessions.touch(playbackId, now.toISOString(), plan);
    else {
      const others = await this.sessions.reviveWithinLimit(
        row,
        access.maxStreams,
        sinceIso,
        now.toISOString(),
        plan,
      );
      if (others) return { ok: false, limit: await this.limitReply(access.maxStreams, others) };
    }
    this.live.remember({ ...row, ...plan, last_seen_at: now.toISOString() });
    return { ok: true, grant: this.grant(playbackId, access) };
  }

  /**
   * Stops one of the viewer's streams (their own player, with its last quality report, or another device from the
   * over-limit prompt).
   */
  async stop(userId: number, playbackId: string, quality?: PlaybackQualityReport): Promise<void> {
    const row = await this.requireOwn(userId, playbackId);
    if (quality) await this.quality.record(row.title_id, row.max_height, quality);
    const now = this.clock.now().toISOString();
    await this.sessions.end(playbackId, now);
    this.live.remember({ ...row, ended_at: row.ended_at ?? now });
  }

  /** Stops every stream a sign-in session was playing (it moved to another profile). */
  async stopAllOf(sessionHash: string): Promise<void> {
    const now = this.clock.now().toISOString();
    for (const row of await this.sessions.openOfSignIn(sessionHash)) {
      await this.sessions.end(row.playback_id, now);
      this.live.remember({ ...row, ended_at: now });
    }
  }

  async active(userId: number): Promise<{ max_streams: number; items: PlaybackSession[] }> {
    const access = await this.access.accessFor(userId);
    return {
      max_streams: access.maxStreams,
      items: await this.views(await this.liveRows(userId, this.clock.now())),
    };
  }

  /** Forgets sessions silent for a day (the timer calls this). */
  async cleanup(): Promise<void> {
    await this.sessions.deleteStale(new Date(this.clock.now().getTime() - DAY_MS).toISOString());
  }

  private liveRows(userId: number, now: Date): Promise<PlaybackRow[]> {
    return this.sessions.active(userId, silentBefore(now));
  }

  /** The sessions as the viewer sees them, with their titles' names (a few: at most the plan's streams). */
  private async views(rows: PlaybackRow[]): Promise<PlaybackSession[]> {
    const ids = [...new Set(rows.map((row) => row.title_id))];
    const [found, profiles] = await Promise.all([
      Promise.all(ids.map((id) => this.titles.findById(id))),
      this.profiles.namesOf(rows.flatMap((row) => (row.profile_id === null ? [] : [row.profile_id]))),
    ]);
    const names = new Map(ids.map((id, index) => [id, found[index]?.title ?? '']));
    return rows.map((row) => sessionView(row, names, profiles));
  }

  /**
   * A published title (any title for an admin, who previews drafts) within the profile's maturity ceiling that the
   * viewer's plan includes.
   */
  private async assertMayPlay(access: ViewerAccess, viewer: StreamViewer, movieId: number): Promise<void> {
    const title = await this.titles.findById(movieId);
    if (
      !title ||
      (title.status !== 'published' && !access.admin) ||
      !withinMaturity(title.age_rating, viewer.maturity_ceiling)
    )
      throw notFound('This title does not exist');
    const entitlement = entitlementFor(access, { collections: parseList(title.collections) });
    if (entitlement.mayPlay) return;
    if (entitlement.lockedReason === 'upgrade') {
      throw new AppError(
        403,
        'upgrade_required',
        'Your plan does not include this title: change your plan to watch it',
      );
    }
    throw new AppError(
      403,
      'subscription_required',
      'Choose a plan to watch: trailers stay open to everyone',
    );
  }

  private grant(playbackId: string, access: ViewerAccess): PlaybackGrant {
    return {
      playback_id: playbackId,
      max_height: access.maxHeight,
      preroll: access.preroll,
      heartbeat_seconds: PLAYBACK_HEARTBEAT_SECONDS,
    };
  }

  private async limitReply(maxStreams: number, live: PlaybackRow[]): Promise<StreamLimitReply> {
    this.refusals.inc({});
    return {
      error: {
        code: 'stream_limit',
        message: `Your plan allows ${maxStreams} stream${maxStreams === 1 ? '' : 's'} at once: stop one to watch here`,
      },
      max_streams: maxStreams,
      active: await this.views(live),
    };
  }

  private async requireOwn(userId: number, playbackId: string): Promise<PlaybackRow> {
    const row = await this.sessions.find(playbackId);
    if (!row || row.user_id !== userId) throw notFound('This stream does not exist');
    return row;
  }
}
