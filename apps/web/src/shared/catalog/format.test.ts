import { describe, expect, it } from 'vitest';
import { fill, formatClock, formatRuntime } from './format';

describe('catalogue formats', () => {
  it('shows runtimes as hours and minutes', () => {
    expect(formatRuntime(9600)).toBe('2h 40m');
    expect(formatRuntime(2700)).toBe('45m');
    expect(formatRuntime(7200)).toBe('2h');
    expect(formatRuntime(null)).toBe('');
  });
  it('shows player times as minutes:seconds', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(65.7)).toBe('1:05');
    expect(formatClock(3725)).toBe('62:05');
    expect(formatClock(Number.NaN)).toBe('0:00');
  });
  it('fills placeholders', () => {
    expect(fill('{count} views', { count: 3 })).toBe('3 views');
  });
});
