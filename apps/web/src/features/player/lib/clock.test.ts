import { describe, expect, it } from 'vitest';
import { formatClock } from './clock';

describe('player clock', () => {
  it('shows player times as minutes:seconds', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.7)).toBe('1:05');
    expect(formatClock(3725)).toBe('62:05');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
});
