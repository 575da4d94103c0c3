import { formatDuration, htmlLangOf } from '@salomtv/contract';
import { useLanguage } from '../i18n/language-context';

// One format for every length the site shows, shared with the server's first paint of /home.
export { formatDuration };

/** `formatDuration` in the viewer's language: "4 sec", "1 min", "1 hr 52 min" (or "1 soat 52 daq."). */
export function useDurationFormat() {
  const locale = htmlLangOf(useLanguage().keyword);
  return (seconds: number | null | undefined, options?: { precise?: boolean }) =>
    formatDuration(seconds, locale, options);
}

/** `m:ss` from seconds (minutes keep counting past the hour, as the spec's player shows). */
export function formatClock(seconds: number): string {
  const safe = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(safe / 60);
  return `${minutes}:${String(safe % 60).padStart(2, '0')}`;
}

/** Fills `{name}` placeholders of a translated text. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

/** A compact count such as 13k. */
export function compactCount(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { notation: 'compact' }).format(value);
}
