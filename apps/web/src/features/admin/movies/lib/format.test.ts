import { describe, expect, it } from 'vitest';
import { formatBytes, percentOf } from './format';

describe('formatBytes', () => {
  it('picks the unit and a sensible precision', () => {
    expect(formatBytes(0)).toBe('—');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(15 * 1024 * 1024 + 300_000)).toBe('15.3 MB');
    expect(formatBytes(2.25 * 1024 ** 3)).toBe('2.25 GB');
    expect(formatBytes(150 * 1024 ** 3)).toBe('150 GB');
  });
});

describe('percentOf', () => {
  it('answers whole percents', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 5)).toBe(100);
    expect(percentOf(1, 0)).toBe(0);
  });
});
