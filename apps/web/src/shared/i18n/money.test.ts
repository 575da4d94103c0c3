import { marketCurrency } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

/** The amounts with their no-break spaces shown as plain ones, as a reader sees them. */
const seen = (text: string) => text.replace(/\u00a0/g, ' ');

describe('money as each language writes it', () => {
  it("writes so'm after the amount, in groups of three digits (en, uz)", () => {
    expect(seen(formatMoney(4_900_000, 'UZS', 'en'))).toBe("49 000 so'm");
    expect(seen(formatMoney(4_900_000, 'UZS', 'uz'))).toBe("49 000 so'm");
    expect(seen(formatMoney(14_900_000, 'UZS', 'Uz'))).toBe("149 000 so'm");
    expect(seen(formatMoney(149_000_000, 'UZS', 'uz'))).toBe("1 490 000 so'm");
  });

  it('writes сум in Russian', () => {
    expect(seen(formatMoney(4_900_000, 'UZS', 'ru'))).toBe('49 000 сум');
    expect(seen(formatMoney(8_900_050, 'UZS', 'ru'))).toBe('89 000,50 сум');
  });

  it('keeps the amount and its unit on one line', () => {
    expect(formatMoney(4_900_000, 'UZS', 'uz')).not.toMatch(/ /);
  });

  it('writes dollars with the sign, whole amounts without cents', () => {
    expect(formatMoney(1900, 'USD', 'en')).toBe('$19');
    expect(formatMoney(799, 'USD', 'en')).toBe('$7.99');
    expect(formatMoney(1_900_000, 'USD', 'en')).toBe('$19,000');
  });
});

describe('the market of a phone number', () => {
  it("is so'm for Uzbekistan's +998 and dollars for every other number", () => {
    expect(marketCurrency('+998901234567')).toBe('UZS');
    expect(marketCurrency('+998 90 123-45-67')).toBe('UZS');
    expect(marketCurrency('+923001234567')).toBe('USD');
    expect(marketCurrency('+15550100')).toBe('USD');
    expect(marketCurrency(undefined)).toBe('USD');
  });
});
