import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { formatTime, latestSlot } from './schedule.js';

/** A moment on the server's clock (its time zone), as BACKUP_TIME is read. */
const local = (day: number, hour: number, minute = 0, second = 0) =>
  new Date(2026, 5, day, hour, minute, second);

describe('the daily backup time', () => {
  it('is the latest BACKUP_TIME at or before now', () => {
    const at = { hour: 2, minute: 0 };
    expect(latestSlot(local(10, 1, 59), at)).toEqual(local(9, 2));
    expect(latestSlot(local(10, 2, 0), at)).toEqual(local(10, 2));
    expect(latestSlot(local(10, 23, 30), at)).toEqual(local(10, 2));
    expect(formatTime({ hour: 2, minute: 5 })).toBe('02:05');
  });

  it('is read from BACKUP_TIME, BACKUP_KEEP and BACKUP_DIR, with Immich-like defaults', () => {
    const data = path.resolve('/srv/salomtv');
    expect(loadConfig({ DATA_DIR: data }).backup).toEqual({
      dir: path.join(data, 'backups'),
      time: { hour: 2, minute: 0 },
      keep: 14,
      pgBinDir: undefined,
    });
    expect(loadConfig({ DATA_DIR: data, BACKUP_TIME: 'off' }).backup.time).toBeNull();
    expect(() => loadConfig({ BACKUP_TIME: '25:00' })).toThrow(
      'Invalid setting BACKUP_TIME: must be a time of day such as 02:00, or off (got "25:00")',
    );
    // The backups would be backed up with the media.
    expect(() => loadConfig({ DATA_DIR: data, BACKUP_DIR: path.join(data, 'media/backups') })).toThrow(
      `Invalid setting BACKUP_DIR: must be outside the media folder ${path.join(data, 'media')}`,
    );
  });
});
