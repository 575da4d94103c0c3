import type Hls from 'hls.js';
import { useCallback, useEffect, useState } from 'react';
import type { SubtitleOption } from './subtitles';
import type { AudioOption, LevelOption } from './track-choices';

type Emitter = { on(event: string, fn: () => void): void; off(event: string, fn: () => void): void };

export interface HlsTracks {
  levels: LevelOption[];
  /** The rendition chosen by the viewer; -1: hls.js picks by bandwidth. */
  level: number;
  subtitles: SubtitleOption[];
  /** The subtitle track shown (rendered by the player itself); -1: none. */
  subtitle: number;
  audio: AudioOption[];
  audioTrack: number;
}

const NONE: HlsTracks = { levels: [], level: -1, subtitles: [], subtitle: -1, audio: [], audioTrack: 0 };

/**
 * The renditions, subtitle and audio tracks of what hls.js plays, and the viewer's choices among them. Subtitles
 * are loaded with hls.js's display off (their text track stays hidden): the player draws the cues itself, above
 * its controls.
 */
export function useHlsTracks(hls: Hls | null) {
  const [tracks, setTracks] = useState<HlsTracks>(NONE);

  useEffect(() => {
    setTracks(NONE);
    if (!hls) return;
    const read = () =>
      setTracks((current) => ({
        ...current,
        levels: hls.levels.map((level, index) => ({ index, height: level.height })),
        subtitles: hls.subtitleTracks.map((track, index) => ({
          index,
          lang: track.lang ?? '',
          label: track.name || track.lang || String(index + 1),
        })),
        audio: hls.audioTracks.map((track, index) => ({
          index,
          lang: track.lang ?? '',
          name: track.name ?? '',
        })),
        subtitle: hls.subtitleTrack,
        audioTrack: hls.audioTrack,
      }));
    read();
    // Event names as strings: a value import of hls.js here would pull it out of its own chunk.
    const events = hls as unknown as Emitter;
    const names = [
      'hlsManifestParsed',
      'hlsSubtitleTracksUpdated',
      'hlsAudioTracksUpdated',
      'hlsAudioTrackSwitched',
    ];
    for (const name of names) events.on(name, read);
    return () => {
      for (const name of names) events.off(name, read);
    };
  }, [hls]);

  const chooseLevel = useCallback(
    (level: number) => {
      if (hls) hls.currentLevel = level;
      setTracks((current) => ({ ...current, level }));
    },
    [hls],
  );
  const chooseSubtitle = useCallback(
    (subtitle: number) => {
      if (hls) hls.subtitleTrack = subtitle;
      setTracks((current) => ({ ...current, subtitle }));
    },
    [hls],
  );
  const chooseAudio = useCallback(
    (audioTrack: number) => {
      if (hls) hls.audioTrack = audioTrack;
      setTracks((current) => ({ ...current, audioTrack }));
    },
    [hls],
  );

  return { tracks, chooseLevel, chooseSubtitle, chooseAudio };
}
