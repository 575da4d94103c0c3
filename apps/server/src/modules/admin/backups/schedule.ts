/** A time of day, as BACKUP_TIME gives it. */
export interface TimeOfDay {
  hour: number;
  minute: number;
}

/** The latest moment at or before `now` that was `time` on the server's clock (its time zone, TZ). */
export function latestSlot(now: Date, time: TimeOfDay): Date {
  const slot = new Date(now);
  slot.setHours(time.hour, time.minute, 0, 0);
  if (slot.getTime() > now.getTime()) slot.setDate(slot.getDate() - 1);
  return slot;
}

/** `02:00` */
export const formatTime = (time: TimeOfDay) =>
  `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
