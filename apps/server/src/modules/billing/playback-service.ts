import {
  PLAYBACK_HEARTBEAT_SECONDS,
  PLAYBACK_SILENCE_SECONDS,
  type PlaybackSession,
  type QualityCap,
  type StreamLimitReply,
} from '@salomtv/contract';
import { type Clock, DAY_MS } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { randomToken } from '../../lib/tokens.js';
import type { ViewerAccess } from './access.js';
import { deviceLabel } from './device-label.js';
import { type AccessReader, entitlementFor } from './entitlements.js';
import type { PlaybackRepo, PlaybackRow } from './playback-repo.js';

/**
 * The catalogue's answer for a title: its collections, or undefined when there is no such playable title.
 * Wired by the catalogue module (container.services.playback.titleLookup = ...); until then any id is accepted
 * and only the subscription is checked.
 */
export type TitleLookup = (movieId: number) => Promise<{ collections: readonly string[] } | undefined>;

export interface PlaybackGrant {
  playback_id: string;
  max_height: QualityCap;
  preroll: boolean;
  heartbeat_seconds: number;
}

export type PlaybackAnswer = { ok: true; grant: PlaybackGrant } | { ok: false; limit: StreamLimitReply };

const SILENCE_MS = PLAYBACK_SILENCE_SECONDS * 1000;

function sessionView(row: PlaybackRow): PlaybackSession {
  return {
    playback_id: row.playback_id,
    title_id: row.title_id,
    device_label: row.device_label,
    started_at: row.started_at,
    last_seen_at: row.last_seen_at,
  };
}

/** Simultaneous streams: each player holds a session it renews; the plan's max_streams bounds the live ones. */
export class PlaybackService {
  titleLookup: TitleLookup | undefined;

  constructor(
    private readonly sessions: PlaybackRepo,
    private readonly access: AccessReader,
    private readonly clock: Clock,
  ) {}

  async start(
    userId: number,
    movieId: number,
    userAgent: string | undefined,
    label?: string,
  ): Promise<PlaybackAnswer> {
    const access = await this.access.accessFor(userId);
    await this.assertMayPlay(access, movieId);
    const now = this.clock.now();
    const live = await this.live(userId, now);
    if (live.length >= access.maxStreams)
      return { ok: false, limit: this.limitReply(access.maxStreams, live) };
    const playbackId = randomToken(18);
    await this.sessions.insert({
      playback_id: playbackId,
      user_id: userId,
      title_id: movieId,
      device_label: (label ?? deviceLabel(userAgent)).slice(0, 100),
      started_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      ended_at: null,
    });
    return { ok: true, grant: this.grant(playbackId, access) };
  }

  /** The player's "still watching"; a session that went silent is let back in if a stream is free. */
  async heartbeat(userId: number, playbackId: string): Promise<PlaybackAnswer> {
    const row = await this.requireOwn(userId, playbackId);
    if (row.ended_at !== null) {
      throw new AppError(410, 'stream_stopped', 'This stream was stopped from another device');
    }
    const access = await this.access.accessFor(userId);
    await this.assertMayPlay(access, row.title_id);
    const now = this.clock.now();
    const silent = now.getTime() - new Date(row.last_seen_at).getTime() > SILENCE_MS;
    if (silent) {
      const others = (await this.live(userId, now)).filter((s) => s.playback_id !== playbackId);
      if (others.length >= access.maxStreams)
        return { ok: false, limit: this.limitReply(access.maxStreams, others) };
    }
    await this.sessions.touch(playbackId, now.toISOString());
    return { ok: true, grant: this.grant(playbackId, access) };
  }

  /** Stops one of the viewer's streams (their own player, or another device from the over-limit prompt). */
  async stop(userId: number, playbackId: string): Promise<void> {
    await this.requireOwn(userId, playbackId);
    await this.sessions.end(playbackId, this.clock.now().toISOString());
  }

  async active(userId: number): Promise<{ max_streams: number; items: PlaybackSession[] }> {
    const access = await this.access.accessFor(userId);
    return {
      max_streams: access.maxStreams,
      items: (await this.live(userId, this.clock.now())).map(sessionView),
    };
  }

  /** Forgets sessions silent for a day (the timer calls this). */
  async cleanup(): Promise<void> {
    await this.sessions.deleteStale(new Date(this.clock.now().getTime() - DAY_MS).toISOString());
  }

  private live(userId: number, now: Date): Promise<PlaybackRow[]> {
    return this.sessions.active(userId, new Date(now.getTime() - SILENCE_MS).toISOString());
  }

  private async assertMayPlay(access: ViewerAccess, movieId: number): Promise<void> {
    let collections: readonly string[] = [];
    if (this.titleLookup) {
      const title = await this.titleLookup(movieId);
      if (!title) throw notFound('This title does not exist');
      collections = title.collections;
    }
    const entitlement = entitlementFor(access, { collections });
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

  private limitReply(maxStreams: number, live: PlaybackRow[]): StreamLimitReply {
    return {
      error: {
        code: 'stream_limit',
        message: `Your plan allows ${maxStreams} stream${maxStreams === 1 ? '' : 's'} at once: stop one to watch here`,
      },
      max_streams: maxStreams,
      active: live.map(sessionView),
    };
  }

  private async requireOwn(userId: number, playbackId: string): Promise<PlaybackRow> {
    const row = await this.sessions.find(playbackId);
    if (!row || row.user_id !== userId) throw notFound('This stream does not exist');
    return row;
  }
}
