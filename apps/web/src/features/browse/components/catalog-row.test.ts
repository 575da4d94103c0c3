import { describe, expect, it } from 'vitest';
import { firstCards } from './catalog-row';

describe('the cards a row renders at first', () => {
  it('fills the screen and one more, so the row can scroll towards the rest', () => {
    expect(firstCards(360)).toBe(3);
    expect(firstCards(412)).toBe(3);
    expect(firstCards(1440)).toBe(8);
    expect(firstCards(100)).toBe(2);
  });
});
