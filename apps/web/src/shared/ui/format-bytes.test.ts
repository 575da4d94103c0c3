import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

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
