import { formatMoney as formatMoneyIn, numberFormat } from '@salomtv/contract';
/** Prices are integer cents on the wire; the editor shows and reads them as 19.00. */

/** 1900 -> "19.00"; null -> "". */
export function centsToText(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

/**
 * What the admin typed, as cents: "19", "19.5", "19.99" and "1,234.50" are fine; an empty text is null;
 * anything else (letters, a minus sign, three decimals) is undefined.
 */
export function textToCents(text: string): number | null | undefined {
  const clean = text.trim().replace(/[\s,]/g, '');
  if (clean === '') return null;
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(clean);
  if (!match) return undefined;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/**
 * 1900, USD -> "$19.00" (an unknown currency code falls back to "19.00 XYZ"); so'm as the viewer reads them,
 * 4900000, UZS -> "49 000 so'm".
 */
export function formatMoney(cents: number, currency: string): string {
  if (currency.toUpperCase() === 'UZS') return formatMoneyIn(cents, currency, 'en');
  try {
    return numberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${centsToText(cents)} ${currency}`;
  }
}
