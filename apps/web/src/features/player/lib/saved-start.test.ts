import { describe, expect, it } from 'vitest';
import type { SavedProgress } from '../api/viewing-api';
import { resumePosition } from './saved-start';

const film = (position: number, finished = false): SavedProgress => ({
  position_seconds: position,
  duration_seconds: 100,
  finished,
  up_next: false,
  episode_id: null,
  episodes: [],
});
/** A series left in episode 7 at 42 s, with episode 8 opened before at 30 s and episode 9 finished. */
const series: SavedProgress = {
  position_seconds: 42,
  duration_seconds: 100,
  finished: false,
  up_next: false,
  episode_id: 7,
  episodes: [
    { episode_id: 7, position_seconds: 42, duration_seconds: 100, finished: false },
    { episode_id: 8, position_seconds: 30, duration_seconds: 100, finished: false },
    { episode_id: 9, position_seconds: 97, duration_seconds: 100, finished: true },
  ],
};

describe('where a feature starts', () => {
  it('at the saved position of the same film, or of that very episode (each keeps its own)', () => {
    expect(resumePosition(film(42), undefined)).toBe(42);
    expect(resumePosition(series, 7)).toBe(42);
    expect(resumePosition(series, 8)).toBe(30);
  });

  it('at the top when nothing is worth resuming', () => {
    expect(resumePosition(null, undefined)).toBe(0);
    expect(resumePosition(undefined, undefined)).toBe(0);
    expect(resumePosition(film(5), undefined)).toBe(0);
    expect(resumePosition(film(90, true), undefined)).toBe(0);
    expect(resumePosition(series, 9)).toBe(0);
    expect(resumePosition(series, 10)).toBe(0);
    expect(resumePosition(series, undefined)).toBe(0);
  });
});
