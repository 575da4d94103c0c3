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

/** A moment (an ISO time) with its date and time of day, in the viewer's language and time zone. */
export function formatDateTime(value: string | null | undefined, locale: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return dateTimeFormat([locale, 'en'], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return value.slice(0, 16).replace('T', ' ');
  }
}
