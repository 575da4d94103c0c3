/** A subtitle track as the player lists it. */
export interface SubtitleOption {
  index: number;
  lang: string;
  label: string;
}

/** The primary language of a code (`pt-BR` -> `pt`), lower case. */
const primary = (code: string) => code.trim().toLowerCase().split(/[-_]/)[0] ?? '';

/** The track in the profile's subtitle language (`subtitle_language`), if the title has one. */
export function preferredSubtitle<T extends SubtitleOption>(
  tracks: readonly T[],
  preference: string | null | undefined,
): T | undefined {
  if (!preference) return undefined;
  const wanted = primary(preference);
  return tracks.find((track) => primary(track.lang) === wanted);
}

/** The title's subtitle languages with the viewer's display language first, the others in their order. */
export function orderSubtitles<T extends SubtitleOption>(tracks: readonly T[], displayLanguage: string): T[] {
  const mine = primary(displayLanguage);
  const first = tracks.filter((track) => primary(track.lang) === mine);
  return [...first, ...tracks.filter((track) => primary(track.lang) !== mine)];
}
