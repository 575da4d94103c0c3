import { PLAYBACK_SILENCE_SECONDS } from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import type { PlaybackState, StreamSessions, StreamViewer } from '../streams/stream-sessions.js';
import type { PlaybackRow } from './playback-repo.js';

/** The reads `LivePlaybacks` makes (the playback repository). */
export interface PlaybackSessionReader {
  find(playbackId: string): Promise<PlaybackRow | undefined>;
  /** Sessions that ended after `sinceIso`. */
  endedSince(sinceIso: string): Promise<{ playback_id: string }[]>;
  /** The counter the database bumps whenever a session ends or is deleted. */
  version(): Promise<number>;
}

interface Lease {
  userId: number;
  /** The sign-in session that started it. */
  session: string;
  titleId: number;
  /** The last heartbeat this instance knows of (epoch ms). */
  lastSeen: number;
  ended: boolean;
  /** When this instance last read or wrote the session (epoch ms). */
  checked: number;
}

export const SILENCE_MS = PLAYBACK_SILENCE_SECONDS * 1000;
/** How often an instance looks at the playback version, to learn of sessions ended on other instances. */
export const LOOK_MS = 1000;
/** Clock difference between instances allowed for when reading the sessions that ended since the last look. */
const SKEW_MS = 30_000;
/** A session this instance has not read, written or heard from for this long is forgotten (read again if asked). */
const FORGET_MS = SILENCE_MS + 60_000;

function leaseOf(row: PlaybackRow, checked: number, known: Lease | undefined): Lease {
  return {
    userId: row.user_id,
    session: row.session_hash,
    titleId: row.title_id,
    lastSeen: Math.max(Date.parse(row.last_seen_at), known?.lastSeen ?? 0),
    // An end is final: a read that started before this instance stopped the session does not bring it back.
    ended: row.ended_at !== null || known?.ended === true,
    checked,
  };
}

function owns(viewer: StreamViewer, lease: Lease): boolean {
  return lease.userId === viewer.user_id && lease.session === viewer.session_hash;
}

function stateOf(lease: Lease, nowMs: number): PlaybackState {
  if (lease.ended) return 'stopped';
  return nowMs - lease.lastSeen <= SILENCE_MS ? 'live' : 'silent';
}

/**
 * The playback sessions this API instance knows of, so that every stream address checks its session from memory.
 * Starts, heartbeats and stops on this instance update it at once; a session it has not seen is read once; one
 * that looks silent is read again (its heartbeats may go to another instance), at most once per `LOOK_MS`; and at
 * most once per `LOOK_MS` it looks at the version counter that ends and deletions bump, reading the sessions
 * that ended since when it moved. So a session stopped anywhere ends its streams here within about a second, and
 * one that went silent at once. Deletions only remove sessions silent for a day, which already read as silent.
 */
export class LivePlaybacks implements StreamSessions {
  private readonly leases = new Map<string, Lease>();
  private readonly reading = new Map<string, Promise<Lease | undefined>>();
  private version: number | undefined;
  private lookedAt = Number.NEGATIVE_INFINITY;
  private looking = false;
  /** Sessions that ended after this (epoch ms, less SKEW_MS) are read at the next version change. */
  private endedFrom: number;
  private sweptAt: number;

  constructor(
    private readonly sessions: PlaybackSessionReader,
    private readonly clock: Clock,
  ) {
    this.endedFrom = clock.now().getTime();
    this.sweptAt = this.endedFrom;
  }

  /** A session as this instance just wrote it (start, heartbeat, stop). */
  remember(row: PlaybackRow): void {
    const nowMs = this.clock.now().getTime();
    this.leases.set(row.playback_id, leaseOf(row, nowMs, this.leases.get(row.playback_id)));
    // Also where no stream address is asked for (their requests go to other instances), old leases are swept.
    this.look(nowMs);
  }

  async check(playbackId: string, viewer: StreamViewer, movieId: number): Promise<PlaybackState> {
    const lease = await this.read(playbackId);
    if (!lease || !owns(viewer, lease) || lease.titleId !== movieId) return 'none';
    return stateOf(lease, this.clock.now().getTime());
  }

  state(playbackId: string, viewer: StreamViewer, nowMs: number): PlaybackState | Promise<PlaybackState> {
    this.look(nowMs);
    const lease = this.leases.get(playbackId);
    if (lease !== undefined) {
      if (!owns(viewer, lease)) return 'none';
      const state = stateOf(lease, nowMs);
      if (state !== 'silent' || (nowMs >= lease.checked && nowMs - lease.checked < LOOK_MS)) return state;
    }
    return this.read(playbackId).then((read) => (read && owns(viewer, read) ? stateOf(read, nowMs) : 'none'));
  }

  holder(playbackId: string, userId: number): string | undefined | Promise<string | undefined> {
    const lease = this.leases.get(playbackId);
    const of = (found: Lease | undefined) => (found?.userId === userId ? found.session : undefined);
    return lease ? of(lease) : this.read(playbackId).then(of);
  }

  /** The session from the database into memory; callers asking at the same time share the read. */
  private read(playbackId: string): Promise<Lease | undefined> {
    let pending = this.reading.get(playbackId);
    if (pending) return pending;
    pending = this.sessions
      .find(playbackId)
      .then((row) => {
        if (!row) {
          this.leases.delete(playbackId);
          return undefined;
        }
        const lease = leaseOf(row, this.clock.now().getTime(), this.leases.get(playbackId));
        this.leases.set(playbackId, lease);
        return lease;
      })
      .finally(() => this.reading.delete(playbackId));
    this.reading.set(playbackId, pending);
    return pending;
  }

  /** At most once per LOOK_MS, without holding the request that triggers it. */
  private look(nowMs: number): void {
    if (this.looking || (nowMs >= this.lookedAt && nowMs - this.lookedAt < LOOK_MS)) return;
    this.looking = true;
    this.lookedAt = nowMs;
    // A failed look is tried again a second later; meanwhile silence still ends streams.
    this.refresh(nowMs)
      .catch(() => undefined)
      .finally(() => {
        this.looking = false;
      });
  }

  private async refresh(nowMs: number): Promise<void> {
    const version = await this.sessions.version();
    if (version !== this.version) {
      const since = new Date(this.endedFrom - SKEW_MS).toISOString();
      for (const { playback_id } of await this.sessions.endedSince(since)) {
        const lease = this.leases.get(playback_id);
        if (lease) lease.ended = true;
      }
      this.version = version;
      this.endedFrom = nowMs;
    }
    if (nowMs - this.sweptAt >= FORGET_MS) {
      this.sweptAt = nowMs;
      for (const [playbackId, lease] of this.leases) {
        if (nowMs - Math.max(lease.lastSeen, lease.checked) > FORGET_MS) this.leases.delete(playbackId);
      }
    }
  }
}
