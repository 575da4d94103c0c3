import { dateTimeFormat } from '@salomtv/contract';
/**
 * When a stream started, for the over-the-limit list, in the viewer's language: the time when it started today,
 * else the date and time.
 */
export function watchingSince(startedAt: string, locale: string, now = new Date()): string {
  const started = new Date(startedAt);
  const today = started.toDateString() === now.toDateString();
  return dateTimeFormat(
    locale,
    today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(started);
}
