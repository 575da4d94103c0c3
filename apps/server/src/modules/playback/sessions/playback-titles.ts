import type { AgeRating } from '@salomtv/contract';

/** The catalogue's titles, as playback reads them (the movies module's TitleRecords). */
export interface PlaybackTitles {
  findById(
    movieId: number,
  ): Promise<
    { title: string; status: string; collections: string; age_rating: AgeRating | null } | undefined
  >;
}
