/** Calendar periods in UTC for the dashboard. */
import { addDays, DAY_MS } from '../../../lib/clock.js';

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** Monday 00:00 UTC of the date's ISO week. */
export function startOfUtcWeek(date: Date): Date {
  const day = startOfUtcDay(date);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

export function startOfUtcMonth(date: Date, monthsToAdd = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + monthsToAdd, 1));
}

/** Same day and time a month earlier (the last day of that month when it is shorter). */
export function oneMonthBefore(date: Date): Date {
  const target = startOfUtcMonth(date, -1);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      target.getUTCFullYear(),
      target.getUTCMonth(),
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

/** Percent change rounded to one decimal; null when there is nothing to compare with. */
export function changePct(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** The day (YYYY-MM-DD) or month (YYYY-MM) buckets between two moments, each with its time range. */
export function buckets(
  from: Date,
  to: Date,
  unit: 'day' | 'month',
): { bucket: string; from: string; to: string }[] {
  const list: { bucket: string; from: string; to: string }[] = [];
  const next = (at: Date) => (unit === 'day' ? addDays(at, 1) : startOfUtcMonth(at, 1));
  for (let at = unit === 'day' ? startOfUtcDay(from) : startOfUtcMonth(from); at < to; at = next(at)) {
    const iso = at.toISOString();
    list.push({ bucket: iso.slice(0, unit === 'day' ? 10 : 7), from: iso, to: next(at).toISOString() });
  }
  return list;
}
