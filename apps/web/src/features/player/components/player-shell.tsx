import type { TitleDetails } from '@salomtv/contract';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useCurrentProfile } from '../../../shared/api/profiles';
import { useT } from '../../../shared/i18n/language-context';
import { usePreviewThumbnails } from '../lib/preview-thumbnails';
import { useIdleControls } from '../lib/use-idle-controls';
import type { useTitlePlayer } from '../lib/use-title-player';
import { episodeById, type PlayChoice } from '../lib/what-to-play';
import { GateNotice } from './gate-notice';
import { NextEpisodeCountdown } from './next-episode-countdown';
import { PlayerControls } from './player-controls';
import { PostPlay } from './post-play';
import { PrerollOverlay } from './preroll-overlay';
import { TrailerOverlay } from './trailer-overlay';

export interface PlayerShellProps {
  /** What plays, from `useTitlePlayer` (the popup reads its quality too). */
  playback: ReturnType<typeof useTitlePlayer>;
  movieId: number;
  details: TitleDetails | undefined;
  choice: PlayChoice;
  title: string;
  signedIn: boolean;
  /** The frame's size: the popup's 16:9 box or the page's whole window. */
  frameClassName: string;
  videoTestId: string;
  /** Over the top of the frame, fading with the controls (the page's back arrow and title). */
  heading?: (visible: boolean) => ReactNode;
  /** Plays an episode of the series (the next one at the end of this one). */
  onEpisode: (episodeId: number) => void;
  /** Opens a title of the post-play screen's More like this. */
  onOpenTitle: (movieId: number) => void;
  /** The popup's way to the full player, after the position is saved there. */
  onOpenFullPlayer?: () => void;
}

/**
 * The one player of the popup and the full page: the video with its controls, the playback session's notices,
 * the pre-roll, and what follows the end: the next episode's countdown, or a post-play screen with More like this
 * (never a black frame).
 */
export function PlayerShell({
  playback,
  movieId,
  details,
  choice,
  title,
  signedIn,
  frameClassName,
  videoTestId,
  heading,
  onEpisode,
  onOpenTitle,
  onOpenFullPlayer,
}: PlayerShellProps) {
  const t = useT();
  const autoplayNext = useCurrentProfile()?.autoplay_next ?? true;
  const { feature, session, gate, preroll, prerolling, player, startOver, castTarget, rememberAudio } =
    playback;
  const episode = details ? episodeById(details, choice.episodeId) : undefined;
  const cues = usePreviewThumbnails(
    prerolling || choice.trailer ? null : (episode?.preview_vtt ?? details?.preview_vtt),
  );
  const frameRef = useRef<HTMLDivElement>(null);
  const visible = useIdleControls(frameRef, player.state.playing);
  const [ended, setEnded] = useState(false);
  const [countdownCancelled, setCountdownCancelled] = useState(false);
  const prerollRef = useRef({ prerolling, finish: preroll.finish });
  prerollRef.current = { prerolling, finish: preroll.finish };
  // A tap on the video while the controls are hidden only shows them (a mouse click plays or pauses).
  const tapWakes = useRef(false);

  useEffect(() => {
    const video = player.videoRef.current;
    if (!video) return;
    const onEnded = () => {
      if (prerollRef.current.prerolling) prerollRef.current.finish();
      else setEnded(true);
    };
    const onAgain = () => {
      setEnded(false);
      setCountdownCancelled(false);
    };
    video.addEventListener('ended', onEnded);
    video.addEventListener('play', onAgain);
    video.addEventListener('seeking', onAgain);
    return () => {
      video.removeEventListener('ended', onEnded);
      video.removeEventListener('play', onAgain);
      video.removeEventListener('seeking', onAgain);
    };
  }, [player.videoRef]);

  const nextEpisodeId = choice.nextEpisodeId;
  const playNext = useCallback(() => {
    if (!nextEpisodeId) return;
    setEnded(false);
    setCountdownCancelled(false);
    onEpisode(nextEpisodeId);
  }, [nextEpisodeId, onEpisode]);
  const next = details ? episodeById(details, nextEpisodeId) : undefined;
  const watchAgain = () => {
    player.controls.seekTo(0);
    player.controls.toggle();
  };
  const openFullPlayer = onOpenFullPlayer
    ? () => void player.controls.saveNow().then(onOpenFullPlayer)
    : undefined;
  const poster = episode?.thumbnail ?? details?.poster ?? details?.banner ?? details?.thumbnail;
  // A series goes on with its next episode; a signed-out visitor's trailer ends on the ways to the title
  // (TrailerOverlay) instead.
  const postPlay = ended && !prerolling && !next && (signedIn || !choice.trailer);

  return (
    <div
      ref={frameRef}
      className={`@container relative bg-black ${frameClassName} ${visible ? '' : 'cursor-none'}`}
      data-testid="player-frame"
      data-menu-boundary
      data-playing={prerolling ? 'preroll' : choice.trailer ? 'trailer' : 'feature'}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: captions come as HLS subtitle tracks, drawn by SubtitleBox */}
      <video
        ref={player.videoRef}
        className="absolute inset-0 size-full object-contain"
        playsInline
        data-testid={videoTestId}
        onPointerDown={(event) => {
          tapWakes.current = event.pointerType !== 'mouse' && !visible;
        }}
        onClick={() => {
          if (!tapWakes.current) player.controls.toggle();
        }}
        poster={poster?.url}
      />
      {heading?.(visible)}
      {openFullPlayer ? (
        <button
          type="button"
          onClick={openFullPlayer}
          className={`absolute start-3 top-3 z-10 rounded-full bg-black/70 px-3 py-2 text-sm font-semibold text-white transition-opacity hover:bg-black ${
            visible ? 'opacity-100' : 'pointer-events-none opacity-0'
          }`}
          data-testid="open-full-player"
        >
          {t('open_full_player')}
        </button>
      ) : null}
      {feature && gate.state !== 'ok' && gate.state !== 'starting' && gate.state !== 'idle' ? (
        <div className="absolute inset-0">
          <GateNotice
            gate={gate}
            onStop={(id) => void session.stopOther(id)}
            onRetry={() => void session.start()}
          />
        </div>
      ) : null}
      {preroll.trailer ? (
        <PrerollOverlay key={preroll.trailer.src} title={preroll.trailer.title} onSkip={preroll.finish} />
      ) : null}
      {!choice.src && signedIn ? (
        <p className="absolute inset-0 flex items-center justify-center bg-black/70 p-4 text-center text-white">
          {t('not_playable_yet')}
        </p>
      ) : null}
      {choice.src ? (
        <PlayerControls
          player={player}
          frameRef={frameRef}
          visible={visible && !postPlay}
          cues={cues}
          prerolling={prerolling}
          onNextEpisode={nextEpisodeId ? playNext : undefined}
          onStartOver={startOver}
          castTarget={castTarget}
          onAudioChosen={rememberAudio}
        />
      ) : null}
      {ended && next && !countdownCancelled && !prerolling ? (
        <NextEpisodeCountdown
          key={choice.episodeId}
          title={`${next.number}. ${next.title}`}
          onPlay={playNext}
          onCancel={() => setCountdownCancelled(true)}
          autoPlay={autoplayNext}
        />
      ) : null}
      {postPlay ? <PostPlay movieId={movieId} onWatchAgain={watchAgain} onOpen={onOpenTitle} /> : null}
      <TrailerOverlay
        videoRef={player.videoRef}
        src={choice.src}
        trailer={choice.trailer}
        signedIn={signedIn}
        title={title}
      />
    </div>
  );
}
