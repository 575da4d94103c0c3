import { type RefObject, useEffect, useState } from 'react';
import { cueLines } from '../lib/subtitle-cues';

const isSubtitles = (track: TextTrack) => track.kind === 'subtitles' || track.kind === 'captions';

/**
 * The subtitles of what plays, drawn by the player (not by the browser inside the video) so they sit above its
 * controls: the cues of the subtitle track that is on (hls.js keeps it hidden) as text. `lift` moves them down
 * while the controls are hidden, by that many pixels.
 */
export function SubtitleBox({
  videoRef,
  lift,
}: {
  videoRef: RefObject<HTMLVideoElement | null>;
  lift: number;
}) {
  const [lines, setLines] = useState<string[]>([]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let track: TextTrack | null = null;
    const readCues = () =>
      setLines(
        track?.activeCues
          ? Array.from(track.activeCues).flatMap((cue) => cueLines((cue as VTTCue).text ?? ''))
          : [],
      );
    const pick = () => {
      const on = Array.from(video.textTracks).find((t) => isSubtitles(t) && t.mode !== 'disabled') ?? null;
      // Drawn here only: the browser's own rendering would put them inside the controls.
      if (on?.mode === 'showing') on.mode = 'hidden';
      if (on === track) return;
      track?.removeEventListener('cuechange', readCues);
      track = on;
      track?.addEventListener('cuechange', readCues);
      readCues();
    };
    pick();
    const list = video.textTracks;
    for (const name of ['change', 'addtrack', 'removetrack'] as const) list.addEventListener(name, pick);
    return () => {
      for (const name of ['change', 'addtrack', 'removetrack'] as const) list.removeEventListener(name, pick);
      track?.removeEventListener('cuechange', readCues);
    };
  }, [videoRef]);

  if (lines.length === 0) return null;
  return (
    <div
      className="pointer-events-none mb-2 flex flex-col items-center gap-0.5 px-4 text-center transition-transform duration-300"
      style={{ transform: lift > 0 ? `translateY(${lift}px)` : undefined }}
      data-testid="subtitle-box"
    >
      {lines.map((line, index) => (
        <p
          // biome-ignore lint/suspicious/noArrayIndexKey: a cue's lines have no identity beyond their place
          key={index}
          dir="auto"
          className="max-w-[90%] rounded bg-black/75 px-2 py-0.5 text-base leading-snug text-white sm:text-2xl"
        >
          {line}
        </p>
      ))}
    </div>
  );
}
