import { describe, expect, it } from 'vitest';
import {
  addIntervals,
  boundaryAfter,
  firstPaidPeriod,
  graceEnd,
  lapsedBefore,
  nextRetry,
  planChangeKind,
  proratedUpgrade,
  renewalLapsed,
  renewalPeriod,
  trialEnd,
  trialRunning,
} from './billing-periods.js';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('the billing calendar', () => {
  it('adds months by the calendar: a day the month lacks becomes its last day, the time of day stays', () => {
    expect(iso(addIntervals(at('2026-01-31T10:15:00.000Z'), 'month'))).toBe('2026-02-28T10:15:00.000Z');
    expect(iso(addIntervals(at('2028-01-31T10:15:00.000Z'), 'month'))).toBe('2028-02-29T10:15:00.000Z');
    expect(iso(addIntervals(at('2026-03-31T00:00:00.000Z'), 'month'))).toBe('2026-04-30T00:00:00.000Z');
    expect(iso(addIntervals(at('2026-12-31T23:59:59.999Z'), 'month'))).toBe('2027-01-31T23:59:59.999Z');
    expect(iso(addIntervals(at('2026-06-15T08:00:00.000Z'), 'month', 3))).toBe('2026-09-15T08:00:00.000Z');
  });

  it('adds years: 29 February becomes 28 February, and 29 February again four years on', () => {
    expect(iso(addIntervals(at('2028-02-29T12:00:00.000Z'), 'year'))).toBe('2029-02-28T12:00:00.000Z');
    expect(iso(addIntervals(at('2028-02-29T12:00:00.000Z'), 'year', 4))).toBe('2032-02-29T12:00:00.000Z');
    expect(iso(addIntervals(at('2026-06-01T10:00:00.000Z'), 'year'))).toBe('2027-06-01T10:00:00.000Z');
  });

  it('keeps the anchor day month after month: 31 January, 28 February, 31 March, 30 April (no drift)', () => {
    const anchor = at('2026-01-31T09:00:00.000Z');
    const ends: string[] = [];
    let end = anchor;
    for (let i = 0; i < 4; i++) {
      end = boundaryAfter(anchor, end, 'month');
      ends.push(iso(end));
    }
    expect(ends).toEqual([
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-30T09:00:00.000Z',
      '2026-05-31T09:00:00.000Z',
    ]);
    // In a leap year February's boundary is the 29th.
    expect(iso(boundaryAfter(at('2028-01-31T09:00:00.000Z'), at('2028-01-31T09:00:00.000Z'), 'month'))).toBe(
      '2028-02-29T09:00:00.000Z',
    );
    // A yearly calendar from 29 February: 28 February in common years, the 29th in leap years.
    const leap = at('2028-02-29T00:00:00.000Z');
    expect(iso(boundaryAfter(leap, leap, 'year'))).toBe('2029-02-28T00:00:00.000Z');
    expect(iso(boundaryAfter(leap, at('2031-02-28T00:00:00.000Z'), 'year'))).toBe('2032-02-29T00:00:00.000Z');
    // Far from the anchor, and exactly on a boundary (the next one, not the same).
    expect(iso(boundaryAfter(anchor, at('2030-07-31T09:00:00.000Z'), 'month'))).toBe(
      '2030-08-31T09:00:00.000Z',
    );
    expect(iso(boundaryAfter(anchor, at('2030-07-31T08:59:59.999Z'), 'month'))).toBe(
      '2030-07-31T09:00:00.000Z',
    );
  });

  it('renews contiguously on the calendar; a renewal paid a whole period late or after a failure starts now', () => {
    const anchor = at('2026-01-31T09:00:00.000Z');
    const previousEnd = at('2026-02-28T09:00:00.000Z');
    const onTime = renewalPeriod({
      anchor,
      previousEnd,
      interval: 'month',
      now: at('2026-02-28T09:01:00.000Z'),
      followsOn: true,
    });
    expect([iso(onTime.start), iso(onTime.end), iso(onTime.anchor)]).toEqual([
      '2026-02-28T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-01-31T09:00:00.000Z',
    ]);
    const now = at('2026-04-02T00:00:00.000Z');
    const late = renewalPeriod({ anchor, previousEnd, interval: 'month', now, followsOn: true });
    expect([iso(late.start), iso(late.end), iso(late.anchor)]).toEqual([
      iso(now),
      '2026-05-02T00:00:00.000Z',
      iso(now),
    ]);
    const pastDue = renewalPeriod({
      anchor,
      previousEnd,
      interval: 'month',
      now: at('2026-03-03T00:00:00.000Z'),
      followsOn: false,
    });
    expect(iso(pastDue.start)).toBe('2026-03-03T00:00:00.000Z');
  });
});

describe('the free trial', () => {
  const trialEndsAt = '2026-07-01T10:00:00.000Z';

  it("lasts 30 days from the account's creation, to the millisecond, across month ends", () => {
    expect(iso(trialEnd(at('2026-06-01T10:00:00.000Z')))).toBe(trialEndsAt);
    expect(iso(trialEnd(at('2026-02-15T23:59:59.999Z')))).toBe('2026-03-17T23:59:59.999Z');
  });

  it('runs until its end, exclusive', () => {
    expect(trialRunning(trialEndsAt, at('2026-07-01T09:59:59.999Z'))).toBe(true);
    expect(trialRunning(trialEndsAt, at(trialEndsAt))).toBe(false);
    expect(trialRunning(null, at('2026-06-01T00:00:00.000Z'))).toBe(false);
  });

  it('a purchase during it starts its first paid period at the trial end; at or after the end, now', () => {
    const during = firstPaidPeriod(at('2026-06-10T00:00:00.000Z'), 'month', trialEndsAt);
    expect([iso(during.start), iso(during.end), iso(during.anchor)]).toEqual([
      trialEndsAt,
      '2026-08-01T10:00:00.000Z',
      trialEndsAt,
    ]);
    const lastMillisecond = firstPaidPeriod(at('2026-07-01T09:59:59.999Z'), 'year', trialEndsAt);
    expect(iso(lastMillisecond.start)).toBe(trialEndsAt);
    expect(iso(lastMillisecond.end)).toBe('2027-07-01T10:00:00.000Z');
    const atTheEnd = firstPaidPeriod(at(trialEndsAt), 'month', trialEndsAt);
    expect(iso(atTheEnd.start)).toBe(trialEndsAt);
    const after = firstPaidPeriod(at('2026-07-05T00:00:00.000Z'), 'month', trialEndsAt);
    expect([iso(after.start), iso(after.end)]).toEqual([
      '2026-07-05T00:00:00.000Z',
      '2026-08-05T00:00:00.000Z',
    ]);
    expect(iso(firstPaidPeriod(at('2026-07-05T00:00:00.000Z'), 'month', null).start)).toBe(
      '2026-07-05T00:00:00.000Z',
    );
  });
});

describe('proration of an upgrade', () => {
  const june = { start: at('2026-06-01T00:00:00.000Z'), end: at('2026-07-01T00:00:00.000Z') };
  const prorate = (paid: number, next: number, now: Date, period = june) =>
    proratedUpgrade({ paidPriceCents: paid, newPriceCents: next, period, now });

  it('charges the difference for the share of the period left', () => {
    expect(prorate(900, 2500, at('2026-06-16T00:00:00.000Z'))).toBe(800);
    expect(prorate(900, 2500, june.start)).toBe(1600);
    // Ten of thirty days gone: 1600 x 20/30 = 1066.67, rounded up.
    expect(prorate(900, 2500, at('2026-06-11T00:00:00.000Z'))).toBe(1067);
  });

  it('rounds up to a whole minor unit, never more than one minor unit above the exact share', () => {
    for (let minutes = 1; minutes < 30 * 24 * 60; minutes += 997) {
      for (const difference of [1, 7, 99, 500, 1601, 99_999]) {
        const now = new Date(june.end.getTime() - minutes * 60_000);
        const amount = prorate(1000, 1000 + difference, now);
        const exact = (difference * minutes * 60_000) / (june.end.getTime() - june.start.getTime());
        expect(amount).toBeGreaterThanOrEqual(exact);
        expect(amount - exact).toBeLessThan(1);
      }
    }
  });

  it('on the last day it costs that day (rounded up); in the last millisecond one minor unit', () => {
    expect(prorate(900, 2500, at('2026-06-30T00:00:00.000Z'))).toBe(54); // 1600 / 30 = 53.33
    expect(prorate(900, 2500, new Date(june.end.getTime() - HOUR))).toBe(3); // 1600 / 720 = 2.22
    expect(prorate(900, 2500, new Date(june.end.getTime() - 1))).toBe(1);
  });

  it('costs nothing when the new plan is not dearer, or the period is over', () => {
    expect(prorate(2500, 900, at('2026-06-10T00:00:00.000Z'))).toBe(0);
    expect(prorate(1900, 1900, at('2026-06-10T00:00:00.000Z'))).toBe(0);
    expect(prorate(900, 2500, june.end)).toBe(0);
    expect(prorate(900, 2500, at('2026-07-02T00:00:00.000Z'))).toBe(0);
    // Before the period began (a clock skew) it never costs more than the whole difference.
    expect(prorate(900, 2500, at('2026-05-20T00:00:00.000Z'))).toBe(1600);
  });

  it('is exact for a yearly price over a year of milliseconds (beyond 2^53)', () => {
    const year = { start: at('2027-01-01T00:00:00.000Z'), end: at('2028-01-01T00:00:00.000Z') };
    const length = year.end.getTime() - year.start.getTime();
    const now = new Date(year.start.getTime() + Math.floor(length / 3));
    // 9,999,999 x (2/3 of 365 days in ms) overflows a double's exact integers; BigInt keeps it.
    const left = year.end.getTime() - now.getTime();
    const expected = (9_999_999n * BigInt(left) + BigInt(length) - 1n) / BigInt(length);
    expect(prorate(1, 10_000_000, now, year)).toBe(Number(expected));
  });

  it('tells an upgrade, a downgrade and a switch apart by price', () => {
    expect(planChangeKind(900, 2500)).toBe('upgrade');
    expect(planChangeKind(2500, 900)).toBe('downgrade');
    expect(planChangeKind(1900, 1900)).toBe('switch');
  });
});

describe('grace after a failed payment', () => {
  it('lasts seven days, with daily retries up to its end', () => {
    const failedAt = at('2026-06-01T10:00:00.000Z');
    const until = graceEnd(failedAt);
    expect(iso(until)).toBe('2026-06-08T10:00:00.000Z');
    expect(iso(nextRetry(failedAt, until))).toBe('2026-06-02T10:00:00.000Z');
    expect(iso(nextRetry(at('2026-06-07T22:00:00.000Z'), until))).toBe(iso(until));
  });

  it('a period nobody renewed lapses seven days after its end', () => {
    const end = '2026-06-01T10:00:00.000Z';
    expect(renewalLapsed(end, new Date(at(end).getTime() + 7 * DAY - 1))).toBe(false);
    expect(renewalLapsed(end, new Date(at(end).getTime() + 7 * DAY))).toBe(true);
    expect(iso(lapsedBefore(at('2026-06-08T10:00:00.000Z')))).toBe(end);
  });
});
