import type { MenuChoice } from '../../../shared/ui/menu-button';
import { orderSubtitles, type SubtitleOption } from './subtitles';

/** Playback speeds offered (0.5x to 2x). */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** A rendition of the stream, as hls.js lists it (its index is what hls.js switches to). */
export interface LevelOption {
  index: number;
  height: number;
}

/** An audio track of the stream, as hls.js lists it. */
export interface AudioOption {
  index: number;
  lang: string;
  name: string;
}

/** Auto (-1, hls.js picks by bandwidth), then each height from the highest, one entry per height. */
export function qualityChoices(levels: readonly LevelOption[], autoLabel: string): MenuChoice<number>[] {
  const byHeight = new Map<number, LevelOption>();
  for (const level of levels) if (!byHeight.has(level.height)) byHeight.set(level.height, level);
  const sorted = [...byHeight.values()].sort((a, b) => b.height - a.height);
  return [{ value: -1, label: autoLabel }, ...sorted.map((l) => ({ value: l.index, label: `${l.height}p` }))];
}

export function speedChoices(): MenuChoice<number>[] {
  return SPEEDS.map((speed) => ({ value: speed, label: `${speed}x` }));
}

/** Off (-1), then the title's subtitle languages with the viewer's display language first. */
export function subtitleChoices(
  tracks: readonly SubtitleOption[],
  displayLanguage: string,
  offLabel: string,
): MenuChoice<number>[] {
  return [
    { value: -1, label: offLabel },
    ...orderSubtitles(tracks, displayLanguage).map((track) => ({ value: track.index, label: track.label })),
  ];
}

/** The audio tracks by name (or language), only when there is a choice to make: none for a single track. */
export function audioChoices(
  tracks: readonly AudioOption[],
  languageName: (code: string) => string,
): MenuChoice<number>[] {
  if (tracks.length < 2) return [];
  return tracks.map((track) => ({
    value: track.index,
    label: track.name || (track.lang ? languageName(track.lang) : String(track.index + 1)),
  }));
}
