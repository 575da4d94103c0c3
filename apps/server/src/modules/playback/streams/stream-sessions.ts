import type { AgeRating } from '@salomtv/contract';
import { AppError } from '../../../lib/errors.js';

/** Where a playback session stands for a stream address. */
export type PlaybackState = 'live' | 'stopped' | 'silent' | 'none';

/**
 * Who asks for a stream address: a playback session belongs to one sign-in session of its account, so another
 * device of the same account cannot stream under its id (it would escape the stream limit).
 */
export interface StreamViewer {
  user_id: number;
  session_hash: string;
  /** The profile the sign-in session is on: a playback session names it. */
  profile_id: number;
  /** The profile's maturity ceiling: a title above it does not start. */
  maturity_ceiling: AgeRating | null;
}

/**
 * The playback sessions every feature stream address belongs to (billing's `LivePlaybacks` keeps them). The
 * plan's stream limit is counted at `POST /api/playback/start`; these checks make each address hold to it.
 */
export interface StreamSessions {
  /** Read afresh, for the calls a player starts with (master playlist, start.json, start.mp4). */
  check(playbackId: string, viewer: StreamViewer, movieId: number): Promise<PlaybackState>;
  /**
   * For every variant, init, segment and subtitle address: from memory when that can tell (no promise then),
   * else after one read. `nowMs` is the request's time.
   */
  state(playbackId: string, viewer: StreamViewer, nowMs: number): PlaybackState | Promise<PlaybackState>;
  /**
   * The sign-in session (its hash) that started a playback session of this account, for the addresses a cast
   * receiver fetches without cookies; from memory when known, else after one read. Undefined: no such playback.
   */
  holder(playbackId: string, userId: number): string | undefined | Promise<string | undefined>;
}

const REFUSALS: Record<Exclude<PlaybackState, 'live'>, string> = {
  stopped: 'This stream was stopped on another device: start playback again to watch here',
  silent: 'This stream went silent for too long: start playback again to watch here',
  none: 'This stream belongs to no playback of yours: start playback first',
};

/** The refusal of a stream address whose playback is not live: 409 `stream_limit`, as the start call answers. */
export function streamRefusal(state: Exclude<PlaybackState, 'live'>): AppError {
  return new AppError(409, 'stream_limit', REFUSALS[state]);
}
