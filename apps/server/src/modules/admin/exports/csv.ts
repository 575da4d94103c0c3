/** CSV writing (RFC 4180) that is safe to open in a spreadsheet. */

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. Text that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return)
 * gets a leading single quote; a cell with a comma, quote or line break is quoted, quotes doubled.
 * Numbers are written as they are (a negative amount stays a number).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A byte-order mark first, so spreadsheet programs read the file as UTF-8 (names in Cyrillic, Urdu...). */
export const CSV_BOM = '\uFEFF';

/** The whole file as text lines: BOM and header, then each batch of rows as it arrives. */
export async function* csvLines<T>(
  columns: readonly { header: string; value: (row: T) => unknown }[],
  batches: AsyncIterable<T[]>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(columns.map((column) => column.header));
  for await (const batch of batches) {
    yield batch.map((row) => csvLine(columns.map((column) => column.value(row)))).join('');
  }
}
