import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { PreparedRead } from '../../../db/prepared-read.js';
import type { Database } from '../../../db/schema.js';
import type { AudioTracksTable } from '../../../db/schema-catalog.js';
import type { StoredAudioRendition } from '../../../lib/hls.js';

export type AudioTrackRow = Selectable<AudioTracksTable>;

export function audioRenditionsOf(track: Pick<AudioTrackRow, 'renditions'>): StoredAudioRendition[] {
  try {
    const parsed = JSON.parse(track.renditions) as StoredAudioRendition[];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** Whose audio choice: the account and the profile it is kept for. */
export interface AudioChooser {
  user_id: number;
  profile_id: number;
}

/** Audio tracks of titles and episodes (`audio_tracks`) and the language each viewer chose (`audio_choices`). */
export class AudioTrackRepo {
  private readonly byId;

  constructor(private readonly db: Kysely<Database>) {
    this.byId = new PreparedRead(db, 1, (db, trackId: number) =>
      db.selectFrom('audio_tracks').selectAll().where('track_id', '=', trackId),
    );
  }

  /** One track (every audio playlist and segment request asks). */
  findTrack(trackId: number): Promise<AudioTrackRow | undefined> {
    return this.byId.first(trackId);
  }

  /** A title's tracks (its own video's and every episode's, or one target's), in menu order. */
  listTracks(movieId: number, episodeId?: number): Promise<AudioTrackRow[]> {
    return this.db
      .selectFrom('audio_tracks')
      .selectAll()
      .where('movie_id', '=', movieId)
      .$if(episodeId !== undefined, (q) => q.where('episode_id', '=', episodeId!))
      .orderBy('episode_id')
      .orderBy('position')
      .orderBy('track_id')
      .execute();
  }

  insertTrack(values: Insertable<AudioTracksTable>): Promise<AudioTrackRow> {
    return this.db.insertInto('audio_tracks').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async updateTrack(trackId: number, values: Updateable<AudioTracksTable>): Promise<void> {
    await this.db.updateTable('audio_tracks').set(values).where('track_id', '=', trackId).execute();
  }

  async deleteTrack(trackId: number): Promise<void> {
    await this.db.deleteFrom('audio_tracks').where('track_id', '=', trackId).execute();
  }

  /** Makes `trackId` the only default track of its title or episode. */
  async setDefaultTrack(movieId: number, episodeId: number, trackId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('audio_tracks')
        .set({ is_default: 0 })
        .where('movie_id', '=', movieId)
        .where('episode_id', '=', episodeId)
        .execute();
      await trx.updateTable('audio_tracks').set({ is_default: 1 }).where('track_id', '=', trackId).execute();
    });
  }

  /** Puts the tracks in this order (positions 0, 1, …). */
  async orderTracks(trackIds: readonly number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [position, trackId] of trackIds.entries())
        await trx.updateTable('audio_tracks').set({ position }).where('track_id', '=', trackId).execute();
    });
  }

  /** The language the profile chose for the title, else the profile's audio language preference. */
  chosenLanguage(chooser: AudioChooser, movieId: number): Promise<string | undefined> {
    return this.db
      .selectFrom('profiles')
      .leftJoin('audio_choices', (join) =>
        join
          .onRef('audio_choices.profile_id', '=', 'profiles.profile_id')
          .on('audio_choices.movie_id', '=', movieId),
      )
      .select(['audio_choices.language as chosen', 'profiles.audio_language'])
      .where('profiles.profile_id', '=', chooser.profile_id)
      .executeTakeFirst()
      .then((row) => row?.chosen ?? row?.audio_language ?? undefined);
  }

  async chooseLanguage(chooser: AudioChooser, movieId: number, language: string, now: string): Promise<void> {
    await this.db
      .insertInto('audio_choices')
      .values({
        user_id: chooser.user_id,
        profile_id: chooser.profile_id,
        movie_id: movieId,
        language,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['profile_id', 'movie_id']).doUpdateSet({ language, updated_at: now }))
      .execute();
  }
}
