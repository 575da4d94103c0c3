import type { AudioTrack, LanguageSummary } from '@salomtv/contract';

export type MoveDirection = 'up' | 'down';

export interface LanguageChoice {
  value: string;
  name: string;
}

/** The language of a track no one could name. */
export const UNKNOWN_LANGUAGE = 'und';

/** The tracks of one target (`null` = the title's own video) in menu order. */
export const tracksOf = (tracks: readonly AudioTrack[], episodeId: number | null): AudioTrack[] =>
  tracks.filter((track) => track.episode_id === episodeId);

export const isTrackBusy = (track: AudioTrack): boolean =>
  track.status === 'queued' || track.status === 'processing';

/** The ids after moving one a place up or down; `null` when it is already at that end (or not there). */
export function movedOrder(
  ids: readonly number[],
  trackId: number,
  direction: MoveDirection,
): number[] | null {
  const from = ids.indexOf(trackId);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const order = [...ids];
  order[from] = order[to] as number;
  order[to] = trackId;
  return order;
}

const CHANNEL_NAMES: Record<number, string> = { 1: 'Mono', 2: 'Stereo', 6: '5.1', 8: '7.1' };

/** [2, 6] -> "Stereo + 5.1": the layouts a track was encoded in; empty until it is. */
export const channelsText = (channels: readonly number[]): string =>
  channels.map((count) => CHANNEL_NAMES[count] ?? `${count} channels`).join(' + ');

/** "French" for `fr`, "Unknown" for `und`, the code itself when the browser cannot name it. */
export function languageName(code: string): string {
  if (code === UNKNOWN_LANGUAGE) return 'Unknown';
  try {
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The site's languages (lower-cased keywords, which the server takes as track languages), then `current` when
 * none of them is it, then Unknown when asked for.
 */
export function languageChoices(
  languages: readonly LanguageSummary[],
  current?: string,
  withUnknown = false,
): LanguageChoice[] {
  const choices: LanguageChoice[] = languages.map((language) => ({
    value: language.keyword.toLowerCase(),
    name: `${language.language_title} (${language.keyword.toLowerCase()})`,
  }));
  const add = (code: string) => {
    const value = code.toLowerCase();
    if (choices.some((choice) => choice.value === value)) return;
    choices.push({
      value,
      name: value === UNKNOWN_LANGUAGE ? 'Unknown' : `${languageName(code)} (${value})`,
    });
  };
  if (current) add(current);
  if (withUnknown) add(UNKNOWN_LANGUAGE);
  return choices;
}
