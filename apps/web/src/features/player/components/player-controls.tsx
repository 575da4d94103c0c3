import { type RefObject, useEffect, useRef, useState } from 'react';
import { useCurrentProfile } from '../../../shared/api/profiles';
import { useDisplayNames } from '../../../shared/i18n/display-names';
import { useLanguage } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { PauseIcon, PlayIcon, VolumeIcon } from '../../../shared/ui/icons';
import { MenuButton } from '../../../shared/ui/menu-button';
import type { CastTarget } from '../lib/cast-sender';
import { formatClock } from '../lib/clock';
import type { PreviewCue } from '../lib/preview-thumbnails';
import { preferredSubtitle } from '../lib/subtitles';
import { audioChoices, qualityChoices, speedChoices, subtitleChoices } from '../lib/track-choices';
import { useFullscreen } from '../lib/use-fullscreen';
import { useHlsTracks } from '../lib/use-hls-tracks';
import { SEEK_STEP, usePlayerKeys } from '../lib/use-player-keys';
import { type useVideo, VOLUME_STEP, volumeLevel } from '../lib/use-video';
import { AirPlayButton, CastButton } from './cast-buttons';
import {
  AudioIcon,
  ForwardIcon,
  FullscreenIcon,
  NextIcon,
  PictureInPictureIcon,
  RewindIcon,
  SettingsIcon,
  StartOverIcon,
  SubtitlesIcon,
} from './player-icons';
import { SeekBar } from './seek-bar';
import { SubtitleBox } from './subtitle-box';

const button =
  'inline-flex h-9 min-w-9 shrink-0 items-center justify-center gap-1.5 rounded-md px-1.5 text-sm text-white hover:bg-white/15 disabled:opacity-40 sm:h-10 sm:min-w-10 sm:px-2';

interface PlayerControlsProps {
  player: ReturnType<typeof useVideo>;
  /** The frame around the video: what goes full screen. */
  frameRef: RefObject<HTMLDivElement | null>;
  /** Shown or faded out (useIdleControls); subtitles move down while they are out. */
  visible: boolean;
  /** Scrub-preview tiles of what plays. */
  cues: readonly PreviewCue[];
  /** A pre-roll plays: no seeking, no quality, speed, subtitle or episode choices. */
  prerolling: boolean;
  onNextEpisode?: (() => void) | undefined;
  /** Offered while the player goes on from a saved position. */
  onStartOver?: (() => void) | undefined;
  /** What Cast and AirPlay would play (none while nothing does). */
  castTarget: CastTarget | null;
  /** The viewer picked an audio track (its language), to be remembered for the title. */
  onAudioChosen?: ((language: string) => void) | undefined;
}

/**
 * The one control bar of the popup and the full-page player: seek bar with times and scrub previews, play,
 * 10-second steps, volume, Start over, next episode, the quality, speed, subtitle and audio menus, Cast, AirPlay,
 * picture in picture and full screen. The subtitles are drawn just above it.
 */
export function PlayerControls({
  player,
  frameRef,
  visible,
  cues,
  prerolling,
  onNextEpisode,
  onStartOver,
  castTarget,
  onAudioChosen,
}: PlayerControlsProps) {
  const { t, keyword } = useLanguage();
  const { state, controls, hls, videoRef } = player;
  const { tracks, chooseLevel, chooseSubtitle, chooseAudio } = useHlsTracks(hls);
  // The profile's subtitle language is turned on once per video, when its tracks are known; turning subtitles
  // off afterwards is the viewer's to do.
  const subtitlePreference = useCurrentProfile()?.subtitle_language;
  const subtitlesPreferredFor = useRef<unknown>(null);
  useEffect(() => {
    if (!hls || subtitlesPreferredFor.current === hls || tracks.subtitles.length === 0) return;
    subtitlesPreferredFor.current = hls;
    const preferred = preferredSubtitle(tracks.subtitles, subtitlePreference);
    if (preferred && tracks.subtitle === -1) chooseSubtitle(preferred.index);
  }, [hls, tracks.subtitles, tracks.subtitle, subtitlePreference, chooseSubtitle]);
  const [speed, setSpeed] = useState(1);
  const [casting, setCasting] = useState<string | null>(null);
  const [castNotice, setCastNotice] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const [barHeight, setBarHeight] = useState(0);

  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setBarHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!castNotice) return;
    const timer = setTimeout(() => setCastNotice(false), 4000);
    return () => clearTimeout(timer);
  }, [castNotice]);

  const { fullscreen, toggle: toggleFullscreen } = useFullscreen(frameRef, videoRef);
  const pip = () => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture();
    else void video.requestPictureInPicture?.().catch(() => undefined);
  };
  const chooseSpeed = (next: number) => {
    setSpeed(next);
    const video = videoRef.current;
    if (video) {
      video.playbackRate = next;
      video.defaultPlaybackRate = next;
    }
  };

  usePlayerKeys(frameRef, player, { prerolling, toggleFullscreen });

  const ownLanguageNames = useDisplayNames(keyword)?.languages;
  const languageName = (code: string) => {
    const own = ownLanguageNames?.[code.toLowerCase().split('-')[0] ?? ''];
    if (own) return own;
    try {
      return new Intl.DisplayNames([keyword.toLowerCase()], { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  const audio = audioChoices(tracks.audio, languageName);
  const pickAudio = (index: number) => {
    chooseAudio(index);
    const language = tracks.audio[index]?.lang;
    if (language) onAudioChosen?.(language);
  };

  return (
    <div className="absolute inset-x-0 bottom-0 flex flex-col">
      <SubtitleBox videoRef={videoRef} lift={visible ? 0 : Math.max(0, barHeight - 16)} />
      <div
        ref={bar}
        data-testid="player-controls"
        data-visible={visible}
        className={`flex flex-col gap-1 bg-gradient-to-t from-black/90 via-black/60 to-transparent px-2 pt-6 pb-1 text-white transition-opacity duration-300 sm:px-4 sm:pb-2 ${
          visible ? 'opacity-100' : 'pointer-events-none opacity-0'
        }`}
      >
        {casting || castNotice ? (
          <p className="self-center rounded bg-black/75 px-3 py-1 text-sm" role="status">
            {casting ? fill(t('casting_to'), { device: casting }) : t('cast_unavailable')}
          </p>
        ) : null}
        {/* Time runs left to right in every language, as on every player. */}
        <div dir="ltr" className="flex items-center gap-2 text-xs tabular-nums sm:gap-3 sm:text-sm">
          <span data-testid="player-time">{formatClock(state.currentTime)}</span>
          <div className="min-w-0 flex-1">
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
          </div>
          <span>{formatClock(state.duration)}</span>
        </div>
        <div className="flex items-center gap-0.5 sm:gap-1">
          <button
            type="button"
            className={button}
            onClick={controls.toggle}
            aria-label={state.playing ? t('pause') : t('play')}
            data-testid="player-toggle"
          >
            {state.playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button
            type="button"
            className={`${button} max-[399px]:hidden`}
            onClick={() => controls.seekBy(-SEEK_STEP)}
            aria-label={t('rewind_10')}
            disabled={prerolling}
          >
            <RewindIcon />
          </button>
          <button
            type="button"
            className={`${button} max-[399px]:hidden`}
            onClick={() => controls.seekBy(SEEK_STEP)}
            aria-label={t('forward_10')}
            disabled={prerolling}
          >
            <ForwardIcon />
          </button>
          <button
            type="button"
            className={button}
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
            className="hidden w-20 accent-brand sm:block lg:w-28"
            data-testid="volume"
          />
          {onStartOver && !prerolling ? (
            <button type="button" className={button} onClick={onStartOver} aria-label={t('start_over')}>
              <StartOverIcon className="size-5 rtl:-scale-x-100" />
              <span className="hidden sm:inline" aria-hidden>
                {t('start_over')}
              </span>
            </button>
          ) : null}
          {onNextEpisode && !prerolling ? (
            <button type="button" className={button} onClick={onNextEpisode} aria-label={t('next_episode')}>
              <NextIcon className="size-5 rtl:-scale-x-100" />
            </button>
          ) : null}
          <div className="ms-auto flex items-center gap-0.5 sm:gap-1">
            {!prerolling && tracks.levels.length > 0 ? (
              <MenuButton
                label={t('quality')}
                value={tracks.level}
                choices={qualityChoices(tracks.levels, t('auto'))}
                onChoose={chooseLevel}
                buttonClassName={button}
                testId="quality-menu"
              >
                <SettingsIcon />
              </MenuButton>
            ) : null}
            {prerolling ? null : (
              <MenuButton
                label={t('speed')}
                value={speed}
                choices={speedChoices()}
                onChoose={chooseSpeed}
                buttonClassName={`${button} tabular-nums`}
                testId="speed-menu"
              >
                <span dir="ltr">{speed}x</span>
              </MenuButton>
            )}
            {!prerolling && tracks.subtitles.length > 0 ? (
              <MenuButton
                label={t('subtitles')}
                value={tracks.subtitle}
                choices={subtitleChoices(tracks.subtitles, keyword, t('off'))}
                onChoose={chooseSubtitle}
                buttonClassName={button}
                testId="subtitles-menu"
              >
                <SubtitlesIcon className={`size-5 ${tracks.subtitle >= 0 ? 'text-brand-strong' : ''}`} />
              </MenuButton>
            ) : null}
            {!prerolling && audio.length > 0 ? (
              <MenuButton
                label={t('audio')}
                value={tracks.audioTrack}
                choices={audio}
                onChoose={pickAudio}
                buttonClassName={button}
                testId="audio-menu"
              >
                <AudioIcon />
              </MenuButton>
            ) : null}
            {castTarget && !prerolling ? (
              <>
                <CastButton
                  target={castTarget}
                  videoRef={videoRef}
                  className={button}
                  onCasting={setCasting}
                  onUnavailable={() => setCastNotice(true)}
                />
                <AirPlayButton
                  target={castTarget}
                  videoRef={videoRef}
                  className={button}
                  onAddress={controls.playAddress}
                />
              </>
            ) : null}
            <button
              type="button"
              className={`${button} max-sm:hidden`}
              onClick={pip}
              aria-label={t('picture_in_picture')}
            >
              <PictureInPictureIcon />
            </button>
            <button
              type="button"
              className={button}
              onClick={toggleFullscreen}
              aria-label={fullscreen ? t('exit_fullscreen') : t('fullscreen')}
              data-testid="fullscreen"
            >
              <FullscreenIcon exit={fullscreen} />
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
