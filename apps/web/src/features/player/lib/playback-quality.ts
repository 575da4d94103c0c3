import type { PlaybackQualityReport } from '@salomtv/contract';
import type Hls from 'hls.js';
import { useEffect, useRef } from 'react';

/** The most one report may carry (the contract's bounds): a tab hidden for hours holds its heartbeats back. */
const MAX_MS = 3_600_000;
const MAX_COUNT = 1000;

/**
 * What one play of a feature looked like, added up between two reports: time to the first frame (once), time
 * playing and stalled, stalls (a wait for data while playing; a seek's wait is not one), errors, changes of rendition
 * after the first, and media bytes loaded. Times are the caller's clock in milliseconds (performance.now()).
 */
export class PlaybackQualityTally {
  private askedAt: number | undefined;
  private firstFrame: number | undefined;
  private started = false;
  private playingSince: number | undefined;
  private stalledSince: number | undefined;
  private levelSeen = false;
  private sums = { watched: 0, stalls: 0, stalled: 0, errors: 0, switches: 0, bytes: 0 };

  /** The player asked for the stream: a new play starts (what was not reported of the last one is dropped). */
  asked(now: number): void {
    this.askedAt = now;
    this.firstFrame = undefined;
    this.started = false;
    this.playingSince = undefined;
    this.stalledSince = undefined;
    this.levelSeen = false;
    this.sums = { watched: 0, stalls: 0, stalled: 0, errors: 0, switches: 0, bytes: 0 };
  }

  /** The picture moves (first frame, or again after a pause, a stall or a seek). */
  playing(now: number): void {
    if (this.askedAt === undefined) return;
    if (!this.started) {
      this.started = true;
      this.firstFrame = now - this.askedAt;
    }
    this.endStall(now);
    this.playingSince ??= now;
  }

  /** Playing stopped to wait for data; `seeking`: because of a seek, which is not a stall. */
  waiting(now: number, seeking: boolean): void {
    this.endPlaying(now);
    if (!this.started || seeking || this.stalledSince !== undefined) return;
    this.sums.stalls += 1;
    this.stalledSince = now;
  }

  /** Paused, ended or seeking: neither playing nor stalled until it plays again. */
  stopped(now: number): void {
    this.endPlaying(now);
    this.endStall(now);
  }

  error(): void {
    if (this.askedAt !== undefined) this.sums.errors += 1;
  }

  /** A rendition came into play: the first is the start, every later one a switch. */
  levelSwitched(): void {
    if (this.levelSeen) this.sums.switches += 1;
    this.levelSeen = true;
  }

  loaded(bytes: number): void {
    if (this.askedAt !== undefined && bytes > 0) this.sums.bytes += bytes;
  }

  /** What happened since the last report (undefined when nothing did), and a fresh start for the next one. */
  drain(now: number): PlaybackQualityReport | undefined {
    if (this.askedAt === undefined) return undefined;
    if (this.playingSince !== undefined) {
      this.sums.watched += now - this.playingSince;
      this.playingSince = now;
    }
    if (this.stalledSince !== undefined) {
      this.sums.stalled += now - this.stalledSince;
      this.stalledSince = now;
    }
    const { watched, stalls, stalled, errors, switches, bytes } = this.sums;
    const firstFrame = this.firstFrame;
    if (firstFrame === undefined && watched + stalls + stalled + errors + switches + bytes === 0)
      return undefined;
    this.firstFrame = undefined;
    this.sums = { watched: 0, stalls: 0, stalled: 0, errors: 0, switches: 0, bytes: 0 };
    const ms = (value: number) => Math.min(MAX_MS, Math.max(0, Math.round(value)));
    const count = (value: number) => Math.min(MAX_COUNT, value);
    return {
      ...(firstFrame === undefined ? {} : { first_frame_ms: Math.min(600_000, ms(firstFrame)) }),
      watched_ms: ms(watched),
      stalls: Math.min(10_000, stalls),
      stalled_ms: ms(stalled),
      errors: count(errors),
      quality_switches: count(switches),
      bytes_loaded: Math.min(20 * 1024 ** 3, Math.round(bytes)),
    };
  }

  private endPlaying(now: number): void {
    if (this.playingSince === undefined) return;
    this.sums.watched += now - this.playingSince;
    this.playingSince = undefined;
  }

  private endStall(now: number): void {
    if (this.stalledSince === undefined) return;
    this.sums.stalled += now - this.stalledSince;
    this.stalledSince = undefined;
  }
}

type Emitter = {
  on(event: string, fn: (event: string, data: unknown) => void): void;
  off(event: string, fn: (event: string, data: unknown) => void): void;
};

/** The bytes of an hls.js FRAG_LOADED event. */
function fragmentBytes(data: unknown): number {
  const stats = (data as { frag?: { stats?: { loaded?: number } } }).frag?.stats;
  return typeof stats?.loaded === 'number' ? stats.loaded : 0;
}

/**
 * Watches a feature's playback in `video` (and the hls.js instance playing it) while `src` plays, and answers with
 * the report since the last one: the playback session sends it with each heartbeat and with its stop.
 */
export function usePlaybackQuality(
  video: HTMLVideoElement | null,
  hls: Hls | null,
  src: string | null,
): () => PlaybackQualityReport | undefined {
  const tally = useRef(new PlaybackQualityTally());

  useEffect(() => {
    if (!video || !src) return;
    const now = () => performance.now();
    const current = tally.current;
    current.asked(now());
    const onPlaying = () => current.playing(now());
    const onWaiting = () => current.waiting(now(), video.seeking);
    const onStopped = () => current.stopped(now());
    const onSeeked = () => {
      if (!video.paused) current.playing(now());
    };
    const onError = () => current.error();
    const handlers: [string, () => void][] = [
      ['playing', onPlaying],
      ['waiting', onWaiting],
      ['pause', onStopped],
      ['ended', onStopped],
      ['seeking', onStopped],
      ['seeked', onSeeked],
      ['error', onError],
    ];
    for (const [name, handler] of handlers) video.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of handlers) video.removeEventListener(name, handler);
    };
  }, [video, src]);

  useEffect(() => {
    if (!hls || !src) return;
    const current = tally.current;
    const onSwitched = () => current.levelSwitched();
    const onLoaded = (_event: string, data: unknown) => current.loaded(fragmentBytes(data));
    // Errors hls.js recovers from (a retried segment) are not the viewer's; the ones it gives up on are.
    const onError = (_event: string, data: unknown) => {
      if ((data as { fatal?: boolean }).fatal) current.error();
    };
    // Event names as strings: a value import of hls.js here would pull it out of its own chunk.
    const events = hls as unknown as Emitter;
    events.on('hlsLevelSwitched', onSwitched);
    events.on('hlsFragLoaded', onLoaded);
    events.on('hlsError', onError);
    return () => {
      events.off('hlsLevelSwitched', onSwitched);
      events.off('hlsFragLoaded', onLoaded);
      events.off('hlsError', onError);
    };
  }, [hls, src]);

  return useRef(() => tally.current.drain(performance.now())).current;
}
