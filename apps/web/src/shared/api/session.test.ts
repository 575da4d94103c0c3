import { describe, expect, it } from 'vitest';
import { hasSessionHint } from './session';

describe('the signed-in hint', () => {
  it('is read from the cookies the page can see, whatever else they hold', () => {
    expect(hasSessionHint('XSRF-TOKEN=abc; signed_in=1; lang=ru')).toBe(true);
    expect(hasSessionHint('XSRF-TOKEN=abc.def; lang=ru')).toBe(false);
    expect(hasSessionHint('')).toBe(false);
  });
});
