import { formatDuration, htmlLangOf, numberFormat } from '@salomtv/contract';
import { useLanguage } from './language-context';

// One format for every length the site shows, shared with the server's first paint of /home.
export { formatDuration };

/** `formatDuration` in the viewer's language: "4 sec", "1 min", "1 hr 52 min" (or "1 soat 52 daq."). */
export function useDurationFormat() {
  const locale = htmlLangOf(useLanguage().keyword);
  return (seconds: number | null | undefined, options?: { precise?: boolean }) =>
    formatDuration(seconds, locale, options);
}

/** Integer cents as money in the viewer's language, such as $19 or $7.99. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  const whole = cents % 100 === 0;
  try {
    return numberFormat([locale, 'en'], {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(whole ? 0 : 2)} ${currency}`;
  }
}
