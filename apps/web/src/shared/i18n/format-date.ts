import { dateTimeFormat } from '@salomtv/contract';
/** A stored date (YYYY-MM-DD or an ISO time) in the viewer's language, such as 5 March 2026. */
export function formatDate(value: string | null | undefined, locale: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return dateTimeFormat([locale, 'en'], { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  } catch {
    return value.slice(0, 10);
  }
}
