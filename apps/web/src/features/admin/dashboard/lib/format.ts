import type { StatCard } from '@salomtv/contract';
import { numberFormat } from '@salomtv/contract';
import { formatMoney as formatLocalMoney } from '../../../../shared/i18n/format';

/** Integer cents as money, such as $1,234 or $7.99: the admin area reads English. */
export const formatMoney = (cents: number, currency: string) => formatLocalMoney(cents, currency, 'en');

export const formatCount = (value: number) => numberFormat('en').format(value);

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}

/** The change of a stat card against its previous period, as words and a tone. */
export function changeText(card: Pick<StatCard, 'current' | 'previous' | 'change_pct'>): {
  text: string;
  tone: 'up' | 'down' | 'flat';
} {
  if (card.change_pct === null) {
    return card.current > 0 ? { text: 'New this period', tone: 'up' } : { text: 'No change', tone: 'flat' };
  }
  const rounded = Math.round(card.change_pct * 10) / 10;
  if (rounded === 0) return { text: 'No change', tone: 'flat' };
  return rounded > 0 ? { text: `+${rounded}%`, tone: 'up' } : { text: `${rounded}%`, tone: 'down' };
}

/** A round upper bound for a chart's scale (1, 2, 2.5 or 5 times a power of ten), at least `floor`. */
export function niceMax(values: number[], floor = 1): number {
  const max = Math.max(0, ...values);
  if (max <= floor) return floor;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (max <= step * power) return step * power;
  }
  return 10 * power;
}

/** The label under a revenue bar: a weekday for the week, the day for the month, the month for the year. */
export function bucketLabel(bucket: string, period: 'week' | 'month' | 'year'): string {
  if (period === 'year') {
    const [year, month] = bucket.split('-').map(Number);
    return new Date(Date.UTC(year!, month! - 1, 1)).toLocaleString('en', { month: 'short', timeZone: 'UTC' });
  }
  const date = new Date(`${bucket}T00:00:00Z`);
  return period === 'week'
    ? date.toLocaleString('en', { weekday: 'short', timeZone: 'UTC' })
    : String(date.getUTCDate());
}

export type VitalName = 'LCP' | 'INP' | 'CLS';
/** Google's thresholds for "good" and "poor" at the 75th percentile. */
const THRESHOLDS: Record<VitalName, [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
};

export function vitalRating(name: VitalName, p75: number): 'good' | 'needs improvement' | 'poor' {
  const [good, poor] = THRESHOLDS[name];
  if (p75 <= good) return 'good';
  return p75 <= poor ? 'needs improvement' : 'poor';
}

export function formatVital(name: VitalName, p75: number): string {
  if (name === 'CLS') return p75.toFixed(2);
  return p75 >= 1000 ? `${(p75 / 1000).toFixed(2)} s` : `${Math.round(p75)} ms`;
}

/** A time to the first frame: 850 ms, 1.25 s; a dash when no play started. */
export function formatStartTime(ms: number | null): string {
  if (ms === null) return '—';
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/** A share of 0-1 as a percentage with one decimal (0.4%); a dash when there is none. */
export function formatRatio(ratio: number | null): string {
  if (ratio === null) return '—';
  return `${numberFormat('en', { maximumFractionDigits: 1 }).format(ratio * 100)}%`;
}
