/** How an audit entry's before/after value reads in the Activities table: short JSON, or a dash for nothing. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
  } catch {
    return String(value);
  }
}

/** `movie.update` → `Movie update`; `feedback.answer` → `Feedback answer`. */
export function actionLabel(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
}
