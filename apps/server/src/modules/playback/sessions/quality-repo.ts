import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { PlaybackQualityHoursTable } from '../../../db/schema-billing.js';

/** The sums of one title's reports in one hour. */
export type QualitySums = Omit<PlaybackQualityHoursTable, 'hour' | 'title_id'>;
const SUMS = [
  'starts',
  'first_frame_ms',
  'watched_ms',
  'stalls',
  'stalled_ms',
  'errors',
  'quality_switches',
  'bytes_loaded',
] as const satisfies readonly (keyof QualitySums)[];

/** The playback_quality_hours table: the players' quality reports added up per title and UTC hour. */
export class PlaybackQualityRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds one report to its title's hour (one statement, so reports arriving together all count). */
  async add(hour: string, titleId: number, sums: QualitySums): Promise<void> {
    await this.db
      .insertInto('playback_quality_hours')
      .values({ hour, title_id: titleId, ...sums })
      .onConflict((conflict) =>
        conflict
          .columns(['hour', 'title_id'])
          .doUpdateSet((eb) =>
            Object.fromEntries(
              SUMS.map((column) => [
                column,
                eb(eb.ref(`playback_quality_hours.${column}`), '+', eb.ref(`excluded.${column}`)),
              ]),
            ),
          ),
      )
      .execute();
  }

  /** Each title's sums over the hours from `fromHour` on, most played first. */
  async sumsSince(fromHour: string, limit: number): Promise<(QualitySums & { title_id: number })[]> {
    const rows = await this.db
      .selectFrom('playback_quality_hours')
      .where('hour', '>=', fromHour)
      .groupBy('title_id')
      .select((eb) => ['title_id', ...SUMS.map((column) => eb.fn.sum<number | string>(column).as(column))])
      .orderBy((eb) => eb.fn.sum('watched_ms'), 'desc')
      .orderBy('title_id')
      .limit(limit)
      .execute();
    // SUM over bigint is numeric on PostgreSQL, which arrives as a string.
    return rows.map((row) => ({
      title_id: row.title_id,
      ...(Object.fromEntries(SUMS.map((column) => [column, Number(row[column])])) as QualitySums),
    }));
  }

  /** Forgets the hours before `beforeHour`. */
  async deleteBefore(beforeHour: string): Promise<void> {
    await this.db.deleteFrom('playback_quality_hours').where('hour', '<', beforeHour).execute();
  }
}
