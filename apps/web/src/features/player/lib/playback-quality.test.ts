import { playbackQualityReportSchema } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { PlaybackQualityTally } from './playback-quality';

describe('the quality report of a play', () => {
  it('tells the time to the first frame once, and the time played between reports', () => {
    const tally = new PlaybackQualityTally();
    expect(tally.drain(0)).toBeUndefined();
    tally.asked(1000);
    tally.waiting(1100, false); // the start's own wait for data is not a stall
    tally.playing(1800);
    tally.levelSwitched(); // the first rendition
    tally.loaded(250_000);
    const first = tally.drain(11_800);
    expect(first).toEqual({
      first_frame_ms: 800,
      watched_ms: 10_000,
      stalls: 0,
      stalled_ms: 0,
      errors: 0,
      quality_switches: 0,
      bytes_loaded: 250_000,
    });
    expect(playbackQualityReportSchema.safeParse(first).success).toBe(true);
    tally.levelSwitched();
    const second = tally.drain(21_800);
    expect(second).toMatchObject({ watched_ms: 10_000, quality_switches: 1 });
    expect(second).not.toHaveProperty('first_frame_ms');
  });

  it('counts a wait for data while playing as a stall with its length, and a seek as none', () => {
    const tally = new PlaybackQualityTally();
    tally.asked(0);
    tally.playing(500);
    tally.waiting(2500, false);
    tally.waiting(2600, false); // the same stall, told twice
    tally.playing(4000);
    tally.stopped(5000); // a seek...
    tally.waiting(5010, true); // ...waits for its data: not a stall
    tally.playing(5400);
    tally.stopped(6400); // paused
    tally.error();
    expect(tally.drain(9000)).toMatchObject({
      watched_ms: 2000 + 1000 + 1000,
      stalls: 1,
      stalled_ms: 1500,
      errors: 1,
    });
  });

  it('splits a stall that spans a report between the two, and starts afresh on a new play', () => {
    const tally = new PlaybackQualityTally();
    tally.asked(0);
    tally.playing(100);
    tally.waiting(1100, false);
    expect(tally.drain(2100)).toMatchObject({ watched_ms: 1000, stalls: 1, stalled_ms: 1000 });
    tally.playing(2600);
    expect(tally.drain(3600)).toMatchObject({ watched_ms: 1000, stalls: 0, stalled_ms: 500 });
    tally.asked(10_000);
    tally.playing(10_300);
    expect(tally.drain(10_300)).toMatchObject({ first_frame_ms: 300, watched_ms: 0 });
  });

  it('keeps a report within what the server accepts after a tab held its timers back for hours', () => {
    const tally = new PlaybackQualityTally();
    tally.asked(0);
    tally.playing(10);
    const report = tally.drain(5 * 3_600_000);
    expect(playbackQualityReportSchema.safeParse(report).success).toBe(true);
    expect(report?.watched_ms).toBe(3_600_000);
  });
});
