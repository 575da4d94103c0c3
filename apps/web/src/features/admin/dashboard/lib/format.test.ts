import { describe, expect, it } from 'vitest';
import { bucketLabel, changeText, formatMoney, formatVital, niceMax, vitalRating } from './format';

describe('dashboard figures as shown', () => {
  it('states the change against the previous period', () => {
    expect(changeText({ current: 12, previous: 8, change_pct: 50 })).toEqual({ text: '+50%', tone: 'up' });
    expect(changeText({ current: 3, previous: 4, change_pct: -25 })).toEqual({ text: '-25%', tone: 'down' });
    expect(changeText({ current: 5, previous: 0, change_pct: null })).toEqual({
      text: 'New this period',
      tone: 'up',
    });
    expect(changeText({ current: 0, previous: 0, change_pct: null }).tone).toBe('flat');
    expect(changeText({ current: 7, previous: 7, change_pct: 0 }).text).toBe('No change');
  });

  it('writes money from cents', () => {
    expect(formatMoney(199900, 'USD')).toBe('$1,999');
    expect(formatMoney(799, 'USD')).toBe('$7.99');
  });

  it('scales charts to a round maximum', () => {
    expect(niceMax([])).toBe(1);
    expect(niceMax([0, 0])).toBe(1);
    expect(niceMax([7])).toBe(10);
    expect(niceMax([130, 20])).toBe(200);
    expect(niceMax([2400])).toBe(2500);
    expect(niceMax([5000])).toBe(5000);
    expect(niceMax([1, 30], 100)).toBe(100);
  });

  it('labels revenue buckets by period', () => {
    expect(bucketLabel('2026-11-16', 'week')).toBe('Mon');
    expect(bucketLabel('2026-11-09', 'month')).toBe('9');
    expect(bucketLabel('2026-02', 'year')).toBe('Feb');
  });

  it('rates web vitals at the 75th percentile', () => {
    expect(vitalRating('LCP', 2400)).toBe('good');
    expect(vitalRating('LCP', 3000)).toBe('needs improvement');
    expect(vitalRating('INP', 650)).toBe('poor');
    expect(vitalRating('CLS', 0.1)).toBe('good');
    expect(formatVital('LCP', 2430)).toBe('2.43 s');
    expect(formatVital('INP', 180.4)).toBe('180 ms');
    expect(formatVital('CLS', 0.034)).toBe('0.03');
  });
});
