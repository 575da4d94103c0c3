import { describe, expect, it } from 'vitest';
import { isInFuture, localInputToIso, toLocalInput } from './send-at';

describe('the scheduled time', () => {
  it('reads a datetime-local value as the admin’s local time', () => {
    expect(localInputToIso('2030-01-02T03:04')).toBe(new Date(2030, 0, 2, 3, 4).toISOString());
    expect(localInputToIso('2030-12-31T23:59:30')).toBe(new Date(2030, 11, 31, 23, 59, 30).toISOString());
  });

  it('refuses what is not a date and time', () => {
    expect(localInputToIso('')).toBeUndefined();
    expect(localInputToIso('tomorrow')).toBeUndefined();
    expect(localInputToIso('2030-13-45T99:99')).toBeUndefined();
  });

  it('writes a date back as a datetime-local value, to the minute', () => {
    const date = new Date(2031, 4, 6, 7, 8, 59);
    expect(toLocalInput(date)).toBe('2031-05-06T07:08');
    expect(localInputToIso(toLocalInput(date))).toBe(new Date(2031, 4, 6, 7, 8).toISOString());
  });

  it('tells a future time from a past one', () => {
    const now = new Date('2030-01-01T12:00:00Z');
    expect(isInFuture('2030-01-01T12:01:00.000Z', now)).toBe(true);
    expect(isInFuture('2030-01-01T11:59:00.000Z', now)).toBe(false);
  });
});
