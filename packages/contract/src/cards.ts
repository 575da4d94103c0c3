/** Card checks the demo provider makes and the browser makes before sending a card. Nothing here keeps a number. */

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let n = digits.charCodeAt(i) - 48;
    if (double) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Whether an MM/YY (or MM/YYYY) expiry is still valid at `now` (a card works through its expiry month). */
export function expiryValid(exp: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(exp.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  const firstOfNextMonth = Date.UTC(year, month, 1);
  return now.getTime() < firstOfNextMonth;
}
