import { type TranslationKey, translationKeyNames } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { rowsQuery, titleQuery } from '../../../shared/api/catalog';
import { useSignedIn } from '../../../shared/api/library';
import { useCurrentProfile } from '../../../shared/api/profiles';
import type { PlayerState } from '../../../shared/hooks/open-title';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useKeyword, useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { usePreviewThumbnails } from '../lib/preview-thumbnails';
import { useIdleControls } from '../lib/use-idle-controls';
import { useTitlePlayer } from '../lib/use-title-player';
import { choosePlayback, episodeById, seasonOf } from '../lib/what-to-play';
import { GateNotice } from './gate-notice';
import { MiniRow } from './mini-row';
import { NextEpisodeCountdown } from './next-episode-countdown';
import { PlayerControls } from './player-controls';
import { BackIcon } from './player-icons';
import { PrerollOverlay } from './preroll-overlay';
import { TrailerOverlay } from './trailer-overlay';

const keys = new Set<string>(translationKeyNames);

/**
 * The full-page player (spec viewer 9), a place of its own: the video fills the window (on a phone held upright,
 * its width), with a back arrow, the title and episode over it and the controls below, all fading while it plays;
 * rows of titles follow further down. Plays `sendData.video` from navigation state, or the title named by
 * `?title=` (so a reload keeps playing); a pre-roll first when the viewer's plan has ads; the next episode of a
 * series.
 */
export function PlayerPage() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const sendData = (location.state as PlayerState | null)?.sendData;
  const movieId = Number(params.get('title')) || sendData?.movie_id || 0;
  const lang = useKeyword();
  const details = useQuery({ ...titleQuery(movieId, lang), enabled: movieId > 0 });
  const signedIn = useSignedIn();
  const autoplayNext = useCurrentProfile()?.autoplay_next ?? true;
  const title = details.data?.title ?? sendData?.title ?? '';
  useDocumentTitle(title || undefined);
  const episodeParam = Number(params.get('episode')) || undefined;
  const trailer = params.get('trailer') === '1' || Boolean(sendData?.trailer);
  const choice = details.data
    ? choosePlayback(details.data, { trailer, signedIn, episodeId: episodeParam })
    : { src: sendData?.video ?? null, trailer, episodeId: undefined, nextEpisodeId: undefined };
  const { feature, session, gate, preroll, prerolling, player, startOver, castTarget, rememberAudio } =
    useTitlePlayer(movieId, choice, title);
  const episode = details.data ? episodeById(details.data, choice.episodeId) : undefined;
  const season = details.data && episode ? seasonOf(details.data, episode.episode_id) : undefined;
  const cues = usePreviewThumbnails(
    prerolling || choice.trailer ? null : (episode?.preview_vtt ?? details.data?.preview_vtt),
  );
  const frameRef = useRef<HTMLDivElement>(null);
  const visible = useIdleControls(frameRef, player.state.playing);
  const rows =
    useQuery(rowsQuery({}, lang))
      .data?.rows.filter((row) => row.items.length > 0)
      .slice(0, 3) ?? [];
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
    const onPlay = () => {
      setEnded(false);
      setCountdownCancelled(false);
    };
    video.addEventListener('ended', onEnded);
    video.addEventListener('play', onPlay);
    return () => {
      video.removeEventListener('ended', onEnded);
      video.removeEventListener('play', onPlay);
    };
  }, [player.videoRef]);

  const nextEpisodeId = choice.nextEpisodeId;
  const playNext = useCallback(() => {
    if (!nextEpisodeId) return;
    setEnded(false);
    setCountdownCancelled(false);
    setParams(
      (current) => {
        current.set('episode', String(nextEpisodeId));
        return current;
      },
      { replace: true, state: location.state },
    );
  }, [nextEpisodeId, setParams, location.state]);
  const nextEpisode = nextEpisodeId ? playNext : undefined;
  const next = details.data ? episodeById(details.data, nextEpisodeId) : undefined;
  // Opened from another page of the site: back there; opened directly (a shared address): home.
  const back = () => (location.key === 'default' ? navigate('/home') : navigate(-1));

  if (!movieId && !sendData?.video)
    return <p className="p-10 text-center text-muted">{t('nothing_here_yet')}</p>;
  if (isApiError(details.error) && details.error.status === 404)
    return (
      <p className="p-10 text-center text-muted" role="alert" data-testid="title-not-found">
        {t('title_not_found')}
      </p>
    );

  return (
    <div className="bg-black">
      <div
        ref={frameRef}
        className={`relative h-dvh w-full bg-black portrait:aspect-video portrait:h-auto portrait:max-h-dvh ${
          visible ? '' : 'cursor-none'
        }`}
        data-testid="player-frame"
        data-menu-boundary
        data-playing={prerolling ? 'preroll' : choice.trailer ? 'trailer' : 'feature'}
      >
        {/* biome-ignore lint/a11y/useMediaCaption: captions come as HLS subtitle tracks, drawn by SubtitleBox */}
        <video
          ref={player.videoRef}
          className="absolute inset-0 size-full object-contain"
          playsInline
          autoPlay
          data-testid="player-video"
          onPointerDown={(event) => {
            tapWakes.current = event.pointerType !== 'mouse' && !visible;
          }}
          onClick={() => {
            if (!tapWakes.current) player.controls.toggle();
          }}
          poster={details.data?.banner?.url}
        />
        <div
          className={`absolute inset-x-0 top-0 flex items-start gap-2 bg-gradient-to-b from-black/80 to-transparent p-2 pb-10 text-white transition-opacity duration-300 sm:gap-3 sm:p-5 sm:pb-16 ${
            visible ? 'opacity-100' : 'pointer-events-none opacity-0'
          }`}
          data-testid="player-heading"
        >
          <button
            type="button"
            onClick={back}
            aria-label={t('back')}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-white/15"
          >
            <BackIcon className="size-6 rtl:-scale-x-100" />
          </button>
          <div className="min-w-0 pt-1.5 sm:pt-1">
            <h1 dir="auto" className="truncate text-base font-bold sm:text-2xl">
              {title}
            </h1>
            {episode && season ? (
              <p className="truncate text-sm text-white/80" data-testid="player-episode">
                {fill(t('season_episode'), { season: season.number, number: episode.number })}
                {episode.title ? (
                  <>
                    {' · '}
                    <bdi>{episode.title}</bdi>
                  </>
                ) : null}
              </p>
            ) : null}
          </div>
        </div>
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
        {ended && nextEpisode && next && !countdownCancelled ? (
          <NextEpisodeCountdown
            key={choice.episodeId}
            title={`${next.number}. ${next.title}`}
            onPlay={playNext}
            onCancel={() => setCountdownCancelled(true)}
            autoPlay={autoplayNext}
          />
        ) : null}
        <PlayerControls
          player={player}
          frameRef={frameRef}
          visible={visible}
          cues={cues}
          prerolling={prerolling}
          shortcuts
          onNextEpisode={nextEpisode}
          onStartOver={startOver}
          castTarget={castTarget}
          onAudioChosen={rememberAudio}
        />
        {movieId > 0 ? (
          <TrailerOverlay
            videoRef={player.videoRef}
            src={choice.src}
            trailer={choice.trailer}
            signedIn={signedIn}
            title={title}
          />
        ) : null}
      </div>
      <div className="bg-bg px-4 pb-10 sm:px-6">
        {rows.map((row) => (
          <MiniRow
            key={row.id}
            heading={keys.has(row.key) ? t(row.key as TranslationKey) : row.title}
            headingLevel={2}
            items={row.items}
            onOpen={(card) => navigate(`/player?title=${card.movie_id}${card.playable ? '' : '&trailer=1'}`)}
          />
        ))}
      </div>
    </div>
  );
}
