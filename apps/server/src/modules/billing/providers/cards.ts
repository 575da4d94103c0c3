/** Card brand and summary for the demo provider (its checks are the contract's, which the browser runs too). */

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  return 'Card';
}

/** 'Visa •••• 4242' */
export function cardSummary(digits: string): string {
  return `${cardBrand(digits)} •••• ${digits.slice(-4)}`;
}
