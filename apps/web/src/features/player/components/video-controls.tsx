import { formatClock } from '../../../shared/catalog/format';
import { useT } from '../../../shared/i18n/language-context';
import { PauseIcon, PlayIcon, VolumeIcon } from '../../../shared/ui/icons';
import { type VideoState, VOLUME_STEP, volumeLevel } from '../lib/use-video';

interface VideoControlsProps {
  state: VideoState;
  controls: {
    toggle: () => void;
    seekTo: (seconds: number) => void;
    toggleMute: () => void;
    setVolume: (value: number) => void;
  };
  children?: React.ReactNode;
  /** False while a pre-roll plays (it cannot be skipped by seeking). */
  seekable?: boolean;
}

const round =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15';

/** The popup's controls: play/pause, mute, volume 0..1 (shown as a percentage), m:ss times, seekable progress. */
export function VideoControls({ state, controls, children, seekable = true }: VideoControlsProps) {
  const t = useT();
  const percent = Math.round(state.percent);
  return (
    <div className="flex flex-col gap-2 bg-gradient-to-t from-black/90 to-black/40 px-3 py-2 text-white">
      <input
        type="range"
        min={0}
        max={100}
        step={0.1}
        value={state.percent}
        aria-label={t('seek')}
        aria-valuetext={`${formatClock(state.currentTime)} / ${formatClock(state.duration)} (${percent}%)`}
        onChange={(event) => controls.seekTo((Number(event.target.value) / 100) * state.duration)}
        disabled={!seekable}
        className="w-full accent-brand"
        data-testid="progress"
      />
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={round}
          onClick={controls.toggle}
          aria-label={state.playing ? t('pause') : t('play')}
          data-testid="play-toggle"
        >
          {state.playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button
          type="button"
          className={round}
          onClick={controls.toggleMute}
          aria-label={state.muted ? t('unmute') : t('mute')}
          aria-pressed={state.muted}
        >
          <VolumeIcon level={volumeLevel(state.volume, state.muted)} />
        </button>
        <input
          type="range"
          min={0}
          max={1}
          step={VOLUME_STEP}
          value={state.muted ? 0 : state.volume}
          aria-label={t('volume')}
          onChange={(event) => controls.setVolume(Number(event.target.value))}
          className="w-24 accent-brand"
          data-testid="volume"
        />
        <span className="w-10 text-xs tabular-nums" data-testid="volume-percent">
          {Math.round((state.muted ? 0 : state.volume) * 100)}%
        </span>
        <span className="text-sm tabular-nums" dir="ltr" data-testid="time">
          {formatClock(state.currentTime)} / {formatClock(state.duration)}
        </span>
        <span className="text-xs tabular-nums text-white/70" data-testid="percent">
          {percent}%
        </span>
        <div className="ms-auto flex items-center gap-2">{children}</div>
      </div>
    </div>
  );
}
