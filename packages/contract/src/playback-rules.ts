/**
 * Playback's limits and the names of `start.mp4`'s headers, without zod: the player's code reads these, and a module
 * with schemas would bring zod and every schema it builds into the player's first task.
 */

/** A playback session that has not sent a heartbeat for this long no longer counts. */
export const PLAYBACK_SILENCE_SECONDS = 90;
/** How often the player should send a heartbeat. */
export const PLAYBACK_HEARTBEAT_SECONDS = 30;
/** A pre-roll can be skipped after this many seconds. */
export const PREROLL_SKIP_SECONDS = 5;

export const START_MEDIA_INIT_LENGTH = 'x-init-length';
export const START_MEDIA_SEGMENT = 'x-start-segment';
/**
 * With alternate audio, `start.mp4` goes on with the default track's init segment and its segment holding `at`:
 * the picture's segment is START_MEDIA_SEGMENT_LENGTH bytes, the sound's init START_MEDIA_AUDIO_INIT_LENGTH, its
 * segment the rest; START_MEDIA_AUDIO names the track's rendition, START_MEDIA_AUDIO_SEGMENT its segment.
 */
export const START_MEDIA_SEGMENT_LENGTH = 'x-segment-length';
export const START_MEDIA_AUDIO = 'x-audio-rendition';
export const START_MEDIA_AUDIO_INIT_LENGTH = 'x-audio-init-length';
export const START_MEDIA_AUDIO_SEGMENT = 'x-audio-segment';

/**
 * The index of the segment a start position falls in, from the segments' durations: the first when the position
 * is past the end (as hls.js starts there). The server's `start.mp4` and the player pick the same one by it.
 */
export function segmentIndexAt(durations: readonly number[], position: number): number {
  let at = 0;
  for (const [index, duration] of durations.entries()) {
    if (position >= at && position < at + duration) return index;
    at += duration;
  }
  return 0;
}
