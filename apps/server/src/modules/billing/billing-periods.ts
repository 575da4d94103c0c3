import { type BillingInterval, GRACE_DAYS, TRIAL_DAYS } from '@salomtv/contract';
import { addDays, DAY_MS } from '../../lib/clock.js';

/**
 * The billing calendar: paid periods, renewals, the trial's end, proration and grace. Pure functions of the dates
 * they are handed (callers pass their clock's now), so each rule is unit-tested on fixed dates. Dates are UTC;
 * money is integer minor units (cents) of the plan's currency.
 */

export interface Period {
  start: Date;
  end: Date;
}

/** A period and the calendar it belongs to: its boundaries fall on the anchor's day of the month. */
export interface AnchoredPeriod extends Period {
  anchor: Date;
}

const MONTHS: Record<BillingInterval, number> = { month: 1, year: 12 };

/**
 * `count` intervals after `anchor` by the calendar, time of day kept: a day the target month lacks becomes its
 * last day (31 January plus a month is 28 or 29 February; 29 February plus a year is 28 February).
 */
export function addIntervals(anchor: Date, interval: BillingInterval, count = 1): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + MONTHS[interval] * count;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(anchor);
  result.setUTCFullYear(year, month, Math.min(anchor.getUTCDate(), lastDay));
  return result;
}

/**
 * The first boundary of the anchor's calendar after `after`. Counting from the anchor, not from the last end,
 * keeps the day: a calendar anchored on 31 January renews on 28 February, then 31 March (not 28 March).
 */
export function boundaryAfter(anchor: Date, after: Date, interval: BillingInterval): Date {
  const monthsApart =
    (after.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (after.getUTCMonth() - anchor.getUTCMonth());
  let count = Math.max(1, Math.floor(monthsApart / MONTHS[interval]));
  while (count > 1 && addIntervals(anchor, interval, count - 1) > after) count--;
  while (addIntervals(anchor, interval, count) <= after) count++;
  return addIntervals(anchor, interval, count);
}

/** The end of the free trial of an account made at `createdAt`: TRIAL_DAYS later, to the millisecond. */
export function trialEnd(createdAt: Date): Date {
  return addDays(createdAt, TRIAL_DAYS);
}

/** Whether the account's free trial still runs at `now` (it ends at `trialEndsAt`, exclusive). */
export function trialRunning(trialEndsAt: string | null, now: Date): boolean {
  return trialEndsAt !== null && now.getTime() < new Date(trialEndsAt).getTime();
}

/**
 * The first paid period of a purchase made at `now`: bought during the free trial it starts when the trial ends
 * (nothing is charged before), otherwise at once.
 */
export function firstPaidPeriod(
  now: Date,
  interval: BillingInterval,
  trialEndsAt: string | null,
): AnchoredPeriod {
  const start = trialRunning(trialEndsAt, now) ? new Date(trialEndsAt!) : now;
  return { start, end: addIntervals(start, interval), anchor: start };
}

/**
 * The period a renewal paid at `now` buys. One that follows on (an active period or a trial, ending at
 * `previousEnd`) runs to the calendar's next boundary; when that would already be over (the timer was down a whole
 * period) or nothing follows on (a past-due subscription paid late), a new calendar starts now.
 */
export function renewalPeriod(options: {
  anchor: Date;
  previousEnd: Date;
  interval: BillingInterval;
  now: Date;
  followsOn: boolean;
}): AnchoredPeriod {
  const { anchor, previousEnd, interval, now } = options;
  if (options.followsOn) {
    const end = boundaryAfter(anchor, previousEnd, interval);
    if (end > now) return { start: previousEnd, end, anchor };
  }
  return { start: now, end: addIntervals(now, interval), anchor: now };
}

export type PlanChangeKind = 'upgrade' | 'downgrade' | 'switch';

/**
 * By price for the same interval, against what the current period was paid at: a dearer plan is an upgrade (its
 * prorated difference is paid now), a cheaper one a downgrade (from the next period), the same price a switch.
 */
export function planChangeKind(paidPriceCents: number, newPriceCents: number): PlanChangeKind {
  if (newPriceCents > paidPriceCents) return 'upgrade';
  return newPriceCents < paidPriceCents ? 'downgrade' : 'switch';
}

/**
 * What an upgrade at `now` costs: the price difference times the share of the paid period still to run,
 * measured to the millisecond and rounded UP to a whole minor unit. So the viewer pays less than one minor unit
 * above the exact share, and an upgrade with any time left is never free. Zero when the new price is not dearer or
 * the period is over.
 */
export function proratedUpgrade(options: {
  paidPriceCents: number;
  newPriceCents: number;
  period: Period;
  now: Date;
}): number {
  const difference = options.newPriceCents - options.paidPriceCents;
  const length = options.period.end.getTime() - options.period.start.getTime();
  const left = Math.min(options.period.end.getTime() - options.now.getTime(), length);
  if (difference <= 0 || length <= 0 || left <= 0) return 0;
  // The product can pass 2^53 (a yearly price times a year of milliseconds): exact in BigInt.
  const exact = BigInt(difference) * BigInt(left);
  const whole = BigInt(length);
  return Number((exact + whole - 1n) / whole);
}

/** After a failed payment the viewer keeps watching until then while it is retried. */
export function graceEnd(failedAt: Date): Date {
  return addDays(failedAt, GRACE_DAYS);
}

/** A failed renewal is retried daily, the last time when the grace ends. */
export function nextRetry(now: Date, graceUntil: Date): Date {
  return new Date(Math.min(now.getTime() + DAY_MS, graceUntil.getTime()));
}

/**
 * A period (or a trial with a card) whose renewal nobody applied for a whole grace period, such as a provider that
 * went silent, is over: access does not last forever on a charge that never came.
 */
export function renewalLapsed(periodEnd: string, now: Date): boolean {
  return new Date(periodEnd).getTime() <= lapsedBefore(now).getTime();
}

/** Periods that ended at or before this moment have lapsed at `now` (see `renewalLapsed`). */
export function lapsedBefore(now: Date): Date {
  return addDays(now, -GRACE_DAYS);
}
