import { describe, expect, it } from 'vitest';
import { centsToText, formatMoney, textToCents } from './money';

describe('plan prices', () => {
  it('shows cents as a decimal price', () => {
    expect(centsToText(1900)).toBe('19.00');
    expect(centsToText(6990)).toBe('69.90');
    expect(centsToText(5)).toBe('0.05');
    expect(centsToText(null)).toBe('');
  });

  it('reads what the admin typed as cents', () => {
    expect(textToCents('19')).toBe(1900);
    expect(textToCents(' 7.99 ')).toBe(799);
    expect(textToCents('69.9')).toBe(6990);
    expect(textToCents('1,234.50')).toBe(123450);
    expect(textToCents('0')).toBe(0);
    expect(textToCents('')).toBeNull();
    expect(textToCents('   ')).toBeNull();
  });

  it('refuses what is not a price', () => {
    expect(textToCents('-5')).toBeUndefined();
    expect(textToCents('19.999')).toBeUndefined();
    expect(textToCents('abc')).toBeUndefined();
    expect(textToCents('1e3')).toBeUndefined();
  });

  it('formats a price with its currency', () => {
    expect(formatMoney(1900, 'USD')).toBe('$19.00');
    expect(formatMoney(6990, 'EUR')).toBe('€69.90');
    expect(formatMoney(1900, 'ZZZ')).toMatch(/19\.00/);
    // So'm as the viewer's pages write them, with no-break spaces.
    expect(formatMoney(8_900_000, 'UZS').replace(/\s/g, ' ')).toBe("89 000 so'm");
  });
});
