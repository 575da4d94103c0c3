/** The compose form's "at a set time": a `datetime-local` value in the admin's own time zone. */

const pad = (value: number) => String(value).padStart(2, '0');

/** A Date as a `datetime-local` value (local time, to the minute). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (read as local time) as an ISO instant, or undefined when it is not one. */
export function localInputToIso(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Whether a scheduled time is far enough ahead to be worth scheduling (else it would go out at once). */
export const isInFuture = (iso: string, now: Date = new Date()) => new Date(iso).getTime() > now.getTime();
