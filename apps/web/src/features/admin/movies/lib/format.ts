const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 -> "1.5 KB", 0 -> "—": sizes in the list and under the pickers (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${Number(value.toFixed(digits))} ${UNITS[unit]}`;
}

/** A whole percent between 0 and 100. */
export const percentOf = (done: number, total: number): number =>
  total > 0 ? Math.min(100, Math.max(0, Math.floor((done / total) * 100))) : 0;
