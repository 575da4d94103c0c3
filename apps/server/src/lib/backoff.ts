/** Retry delay after the given attempt: base, 4x base, 16x base... */
export function backoffMs(attempt: number, baseSeconds: number): number {
  return Math.round(baseSeconds * 1000 * 4 ** Math.max(0, attempt - 1));
}
