import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('keeps at most its limit, dropping the oldest key first, and replaces a kept key in place', () => {
    const map = new BoundedMap<string, number>(3);
    for (const [index, key] of ['a', 'b', 'c'].entries()) map.set(key, index);
    map.set('b', 10);
    expect([...map]).toEqual([
      ['a', 0],
      ['b', 10],
      ['c', 2],
    ]);
    map.set('d', 3);
    expect([...map.keys()]).toEqual(['b', 'c', 'd']);
    for (let i = 0; i < 1000; i++) map.set(`k${i}`, i);
    expect(map.size).toBe(3);
    expect([...map.keys()]).toEqual(['k997', 'k998', 'k999']);
  });
});
