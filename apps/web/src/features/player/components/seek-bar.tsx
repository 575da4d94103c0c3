import { useState } from 'react';
import { formatClock } from '../lib/clock';
import { cueAt, type PreviewCue } from '../lib/preview-thumbnails';

interface SeekBarProps {
  label: string;
  currentTime: number;
  duration: number;
  percent: number;
  onSeek: (seconds: number) => void;
  /** Tiles of the title's scrub-preview sprite (none: only the time is shown). */
  cues: readonly PreviewCue[];
}

/** Where along the bar (0..1) the pointer is, from its left end (the bar runs left to right in every language). */
function fractionAt(event: React.PointerEvent<HTMLElement>): number {
  const box = event.currentTarget.getBoundingClientRect();
  if (box.width <= 0) return 0;
  return Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
}

/**
 * The seekable progress bar of the player, left to right in every language. Hovering or dragging over it (and moving it by keyboard)
 * shows the frame at that moment from the preview sprite, with its time.
 */
export function SeekBar({ label, currentTime, duration, percent, onSeek, cues }: SeekBarProps) {
  const [preview, setPreview] = useState<number | null>(null);
  const time = preview === null ? null : preview * duration;
  const cue = time === null ? undefined : cueAt(cues, time);
  const edge = `clamp(${(cue?.width ?? 60) / 2}px, ${(preview ?? 0) * 100}%, calc(100% - ${(cue?.width ?? 60) / 2}px))`;
  return (
    <div
      dir="ltr"
      className="relative"
      onPointerMove={(event) => {
        if (duration > 0) setPreview(fractionAt(event));
      }}
      onPointerLeave={() => setPreview(null)}
    >
      {time !== null ? (
        <div
          className="pointer-events-none absolute bottom-full mb-2 flex -translate-x-1/2 flex-col items-center gap-1"
          style={{ left: edge }}
          data-testid="scrub-preview"
          data-time={time.toFixed(2)}
        >
          {cue ? (
            <div
              className="rounded border border-white/70 bg-black shadow-lg"
              data-testid="scrub-thumbnail"
              style={{
                width: cue.width,
                height: cue.height,
                backgroundImage: `url("${cue.url}")`,
                backgroundPosition: `-${cue.x}px -${cue.y}px`,
                backgroundRepeat: 'no-repeat',
              }}
            />
          ) : null}
          <span className="rounded bg-black/80 px-1.5 text-xs tabular-nums text-white">
            {formatClock(time)}
          </span>
        </div>
      ) : null}
      <input
        type="range"
        min={0}
        max={100}
        step={0.1}
        value={percent}
        aria-label={label}
        aria-valuetext={`${formatClock(currentTime)} / ${formatClock(duration)}`}
        onChange={(event) => {
          const fraction = Number(event.target.value) / 100;
          onSeek(fraction * duration);
          setPreview(fraction);
        }}
        onBlur={() => setPreview(null)}
        className="w-full accent-brand"
        data-seek
        data-testid="player-seek"
      />
    </div>
  );
}
