import { formatDuration, htmlLangOf } from '@salomtv/contract';
import { useLanguage } from './language-context';

// One format for every length the site shows, shared with the server's first paint of /home.
export { formatDuration };

/** `formatDuration` in the viewer's language: "4 sec", "1 min", "1 hr 52 min" (or "1 soat 52 daq."). */
export function useDurationFormat() {
  const locale = htmlLangOf(useLanguage().keyword);
  return (seconds: number | null | undefined, options?: { precise?: boolean }) =>
    formatDuration(seconds, locale, options);
}

// Money as the language writes it ("$19", "49 000 so'm", "49 000 сум"), shared with the server.
export { formatMoney } from '@salomtv/contract';
