import type { TitleDetails } from '@salomtv/contract';

export interface PlayChoice {
  src: string | null;
  trailer: boolean;
  episodeId: number | undefined;
  /** The episode after this one (series), for Next episode. */
  nextEpisodeId: number | undefined;
}

/** A player that plays nothing yet (the popup before Play): no stream, no playback session. */
export const NOTHING_TO_PLAY: PlayChoice = {
  src: null,
  trailer: false,
  episodeId: undefined,
  nextEpisodeId: undefined,
};

/**
 * What a player plays: the trailer when asked, when signed out or while the feature is not playable; else the
 * feature (for a series the chosen episode, or the first playable one).
 */
export function choosePlayback(
  details: TitleDetails,
  options: { trailer: boolean; signedIn: boolean; episodeId?: number | undefined },
): PlayChoice {
  const episodes = details.seasons.flatMap((season) => season.episodes).filter((e) => e.playable);
  const wantsTrailer = options.trailer || !options.signedIn || !details.playable;
  if (wantsTrailer && details.trailer)
    return { src: details.trailer, trailer: true, episodeId: undefined, nextEpisodeId: undefined };
  if (!details.playable || !options.signedIn)
    return { src: null, trailer: false, episodeId: undefined, nextEpisodeId: undefined };
  if (details.kind === 'series' && episodes.length > 0) {
    const index = Math.max(
      0,
      episodes.findIndex((e) => e.episode_id === options.episodeId),
    );
    const episode = episodes[index];
    return {
      src: episode?.video ?? details.video,
      trailer: false,
      episodeId: episode?.episode_id,
      nextEpisodeId: episodes[index + 1]?.episode_id,
    };
  }
  return { src: details.video, trailer: false, episodeId: undefined, nextEpisodeId: undefined };
}

/** An episode of a series by its id. */
export function episodeById(details: TitleDetails, episodeId: number | undefined) {
  if (episodeId === undefined) return undefined;
  for (const season of details.seasons) {
    const found = season.episodes.find((e) => e.episode_id === episodeId);
    if (found) return found;
  }
  return undefined;
}

/** The season an episode of a series belongs to. */
export function seasonOf(details: TitleDetails, episodeId: number) {
  return details.seasons.find((season) => season.episodes.some((e) => e.episode_id === episodeId));
}
