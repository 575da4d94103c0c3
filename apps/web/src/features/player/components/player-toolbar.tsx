import { type RefObject, useEffect, useState } from 'react';
import { formatClock } from '../../../shared/catalog/format';
import { useLanguage, useT } from '../../../shared/i18n/language-context';
import { PauseIcon, PlayIcon, VolumeIcon } from '../../../shared/ui/icons';
import type { PreviewCue } from '../lib/preview-thumbnails';
import { orderSubtitles, type SubtitleOption } from '../lib/subtitles';
import { type useVideo, VOLUME_STEP, volumeLevel } from '../lib/use-video';
import { SeekBar } from './seek-bar';

type Emitter = { on(event: string, fn: () => void): void; off(event: string, fn: () => void): void };

/** Playback speeds offered (0.5x to 2x). */
export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];
/** Rewind and forward step, seconds. */
export const SEEK_STEP = 10;
const btn =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-md px-2 text-sm text-white hover:bg-white/15 disabled:opacity-40';
const select = 'h-9 rounded-md border border-white/30 bg-black/70 px-2 text-sm text-white';

interface PlayerToolbarProps {
  player: ReturnType<typeof useVideo>;
  frameRef: RefObject<HTMLDivElement | null>;
  onStop: () => void;
  onNextEpisode?: (() => void) | undefined;
  onBack: () => void;
  /** Scrub-preview tiles of what plays. */
  cues: readonly PreviewCue[];
  /** A pre-roll plays: no seeking, no quality, subtitle or episode choices. */
  prerolling?: boolean;
}

/** One of the toolbar's choices (quality, speed, subtitles): a native select of numeric values. */
function ToolbarMenu({
  label,
  testId,
  value,
  options,
  onChange,
}: {
  label: string;
  testId: string;
  value: number;
  options: { value: number; label: string }[];
  onChange: (value: number) => void;
}) {
  return (
    <select
      className={select}
      aria-label={label}
      data-testid={testId}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** The full-page player's controls and keyboard (space, arrows, f, m). */
export function PlayerToolbar({
  player,
  frameRef,
  onStop,
  onNextEpisode,
  cues,
  prerolling = false,
}: PlayerToolbarProps) {
  const t = useT();
  const { keyword } = useLanguage();
  const { state, controls, hls, videoRef } = player;
  const [levels, setLevels] = useState<{ index: number; height: number }[]>([]);
  const [level, setLevel] = useState(-1);
  const [tracks, setTracks] = useState<SubtitleOption[]>([]);
  const [track, setTrack] = useState(-1);
  const [speed, setSpeed] = useState(1);

  useEffect(() => {
    if (!hls) return;
    const readLevels = () =>
      setLevels(
        hls.levels.map((l, index) => ({ index, height: l.height })).sort((a, b) => b.height - a.height),
      );
    const readTracks = () =>
      setTracks(
        hls.subtitleTracks.map((s, index) => ({
          index,
          lang: s.lang ?? '',
          label: s.name || s.lang || String(index + 1),
        })),
      );
    readLevels();
    readTracks();
    // Event names as strings: a value import of hls.js here would pull it out of its own chunk.
    const events = hls as unknown as Emitter;
    events.on('hlsManifestParsed', readLevels);
    events.on('hlsSubtitleTracksUpdated', readTracks);
    return () => {
      events.off('hlsManifestParsed', readLevels);
      events.off('hlsSubtitleTracksUpdated', readTracks);
    };
  }, [hls]);

  const fullscreen = () => {
    const frame = frameRef.current;
    if (!frame) return;
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.requestFullscreen?.().catch(() => undefined);
  };
  const pip = () => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture();
    else void video.requestPictureInPicture?.().catch(() => undefined);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, button, a, [role="dialog"], dialog')) return;
      if (event.key === ' ') controls.toggle();
      else if (event.key === 'ArrowLeft' && !prerolling) controls.seekBy(-SEEK_STEP);
      else if (event.key === 'ArrowRight' && !prerolling) controls.seekBy(SEEK_STEP);
      else if (event.key === 'ArrowUp') controls.setVolume(Math.min(1, state.volume + 0.1));
      else if (event.key === 'ArrowDown') controls.setVolume(Math.max(0, state.volume - 0.1));
      else if (event.key === 'f') fullscreen();
      else if (event.key === 'm') controls.toggleMute();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  return (
    <div className="flex flex-col gap-1 bg-gradient-to-t from-black/90 to-transparent px-3 pt-6 pb-2 text-white">
      {prerolling ? null : (
        <SeekBar
          label={t('seek')}
          currentTime={state.currentTime}
          duration={state.duration}
          percent={state.percent}
          onSeek={controls.seekTo}
          cues={cues}
        />
      )}
      <div className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className={btn}
          onClick={() => controls.seekBy(-SEEK_STEP)}
          aria-label={t('rewind_10')}
          disabled={prerolling}
        >
          ⟲10
        </button>
        <button
          type="button"
          className={btn}
          onClick={controls.toggle}
          aria-label={state.playing ? t('pause') : t('play')}
          data-testid="player-toggle"
        >
          {state.playing ? <PauseIcon /> : <PlayIcon />}
        </button>
        <button type="button" className={btn} onClick={onStop} aria-label={t('stop')} disabled={prerolling}>
          <span aria-hidden className="block size-3.5 bg-current" />
        </button>
        <button
          type="button"
          className={btn}
          onClick={() => controls.seekBy(SEEK_STEP)}
          aria-label={t('forward_10')}
          disabled={prerolling}
        >
          10⟳
        </button>
        <span className="px-2 text-sm tabular-nums" dir="ltr" data-testid="player-time">
          {formatClock(state.currentTime)} / {formatClock(state.duration)}
        </span>
        <button
          type="button"
          className={btn}
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
          className="w-20 accent-brand sm:w-28"
        />
        <div className="ms-auto flex flex-wrap items-center gap-1">
          {onNextEpisode && !prerolling ? (
            <button type="button" className={btn} onClick={onNextEpisode}>
              {t('next_episode')}
            </button>
          ) : null}
          {levels.length > 0 && !prerolling ? (
            <ToolbarMenu
              label={t('quality')}
              testId="quality-menu"
              value={level}
              options={[
                { value: -1, label: t('auto') },
                ...levels.map((l) => ({ value: l.index, label: `${l.height}p` })),
              ]}
              onChange={(next) => {
                setLevel(next);
                if (hls) hls.currentLevel = next;
              }}
            />
          ) : null}
          {prerolling ? null : (
            <ToolbarMenu
              label={t('speed')}
              testId="speed-menu"
              value={speed}
              options={SPEEDS.map((s) => ({ value: s, label: `${s}x` }))}
              onChange={(next) => {
                setSpeed(next);
                const video = videoRef.current;
                if (video) {
                  video.playbackRate = next;
                  video.defaultPlaybackRate = next;
                }
              }}
            />
          )}
          {tracks.length && !prerolling ? (
            <ToolbarMenu
              label={t('subtitles')}
              testId="subtitles-menu"
              value={track}
              options={[
                { value: -1, label: t('off') },
                ...orderSubtitles(tracks, keyword).map((s) => ({ value: s.index, label: s.label })),
              ]}
              onChange={(next) => {
                setTrack(next);
                if (hls) {
                  hls.subtitleTrack = next;
                  hls.subtitleDisplay = next >= 0;
                }
              }}
            />
          ) : null}
          <button type="button" className={btn} onClick={pip} aria-label={t('picture_in_picture')}>
            <svg
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden
            >
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <rect x="12" y="12" width="7" height="5" rx="1" fill="currentColor" />
            </svg>
          </button>
          <button type="button" className={btn} onClick={fullscreen} aria-label={t('fullscreen')}>
            <svg
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden
            >
              <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
            </svg>
          </button>
        </div>
      </div>
    </div>
  );
}
