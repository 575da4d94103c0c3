import type { BillingInterval } from '@salomtv/contract';

/**
 * One billing interval later, by the calendar (UTC): 31 January plus a month is 28 or 29 February,
 * and 29 February plus a year is 28 February.
 */
export function addInterval(date: Date, interval: BillingInterval): Date {
  const months = interval === 'year' ? 12 : 1;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

export function maxDate(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}
