// The runtime's format is shared with the server's first paint of /home.
export { formatRuntime } from '@salomtv/contract';

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
