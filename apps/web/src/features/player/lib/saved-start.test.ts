import { describe, expect, it } from 'vitest';
import { resumePosition } from './saved-start';

const saved = (position: number, extra: { finished?: boolean; episode_id?: number | null } = {}) => ({
  position_seconds: position,
  duration_seconds: 100,
  finished: extra.finished ?? false,
  episode_id: extra.episode_id ?? null,
});

describe('where a feature starts', () => {
  it('at the saved position of the same title and episode', () => {
    expect(resumePosition(saved(42), undefined)).toBe(42);
    expect(resumePosition(saved(42, { episode_id: 7 }), 7)).toBe(42);
  });

  it('at the top when nothing is worth resuming', () => {
    expect(resumePosition(null, undefined)).toBe(0);
    expect(resumePosition(undefined, undefined)).toBe(0);
    expect(resumePosition(saved(5), undefined)).toBe(0);
    expect(resumePosition(saved(90, { finished: true }), undefined)).toBe(0);
    expect(resumePosition(saved(42, { episode_id: 7 }), 8)).toBe(0);
    expect(resumePosition(saved(42, { episode_id: 7 }), undefined)).toBe(0);
  });
});
