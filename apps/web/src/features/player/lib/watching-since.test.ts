import { describe, expect, it } from 'vitest';
import { watchingSince } from './watching-since';

describe('since when a device is watching', () => {
  const now = new Date(2026, 5, 1, 21, 30);
  // ICU versions differ in the spaces they put around the time.
  const since = (at: Date, locale: string) =>
    watchingSince(at.toISOString(), locale, now).replace(/\s/g, ' ');
  it('says the time for today, and the date too for an earlier day, in the viewer language', () => {
    expect(since(new Date(2026, 5, 1, 20, 5), 'en')).toBe('8:05 PM');
    expect(since(new Date(2026, 5, 1, 20, 5), 'ru')).toBe('20:05');
    expect(since(new Date(2026, 4, 31, 23, 50), 'en')).toBe('May 31, 2026, 11:50 PM');
  });
});
