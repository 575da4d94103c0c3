import { describe, expect, it } from 'vitest';
import { percentOf } from './format';

describe('percentOf', () => {
  it('answers whole percents', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 5)).toBe(100);
    expect(percentOf(1, 0)).toBe(0);
  });
});
