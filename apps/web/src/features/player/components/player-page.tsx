import { type TranslationKey, translationKeyNames } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { rowsQuery, titleQuery } from '../../../shared/catalog/catalog-api';
import type { PlayerState } from '../../../shared/catalog/open-title';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useT } from '../../../shared/i18n/language-context';
import { progressQuery, useSignedIn } from '../../../shared/library/library-api';
import { usePreroll } from '../lib/house-trailer';
import { usePlaybackSession, withPlayback } from '../lib/playback-session';
import { usePreviewThumbnails } from '../lib/preview-thumbnails';
import { useStreamRefusal } from '../lib/stream-refusal';
import { useVideo } from '../lib/use-video';
import { choosePlayback, episodeById } from '../lib/what-to-play';
import { GateNotice } from './gate-notice';
import { MiniRow } from './mini-row';
import { NextEpisodeCountdown } from './next-episode-countdown';
import { PlayerToolbar } from './player-toolbar';
import { PrerollOverlay } from './preroll-overlay';
import { TrailerOverlay } from './trailer-overlay';

/** The spec's player frame height (px). */
export const PLAYER_HEIGHT = 750;
const keys = new Set<string>(translationKeyNames);

/**
 * The full-page player (spec viewer 9): plays `sendData.video` from navigation state, or the title named by
 * `?title=` (so a reload keeps playing); a pre-roll first when the viewer's plan has ads; custom controls,
 * keyboard, scrub previews, the next episode of a series, and rows of titles below.
 */
export function PlayerPage() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const sendData = (location.state as PlayerState | null)?.sendData;
  const movieId = Number(params.get('title')) || sendData?.movie_id || 0;
  const details = useQuery({ ...titleQuery(movieId), enabled: movieId > 0 });
  const signedIn = useSignedIn();
  useDocumentTitle(details.data?.title ?? sendData?.title);
  const episodeParam = Number(params.get('episode')) || undefined;
  const trailer = params.get('trailer') === '1' || Boolean(sendData?.trailer);
  const choice = details.data
    ? choosePlayback(details.data, { trailer, signedIn, episodeId: episodeParam })
    : { src: sendData?.video ?? null, trailer, episodeId: undefined, nextEpisodeId: undefined };
  const feature = Boolean(choice.src) && !choice.trailer && movieId > 0;
  const session = usePlaybackSession(movieId, feature);
  const { gate } = session;
  const granted = gate.state === 'ok';
  // Features only, and only once the grant says whether this viewer's plan has a pre-roll.
  const preroll = usePreroll(movieId, feature ? (granted ? gate.preroll : undefined) : false);
  const featureSrc =
    feature && choice.src ? (granted ? withPlayback(choice.src, gate.playbackId) : null) : choice.src;
  const prerolling = preroll.phase === 'playing';
  const src = preroll.trailer ? preroll.trailer.src : preroll.phase === 'done' ? featureSrc : null;
  const player = useVideo({
    src,
    autoPlay: true,
    progress: feature && !prerolling ? { movieId, episodeId: choice.episodeId } : null,
  });
  // Stopped from another device: the feature's stream is refused, and the player drops it.
  useStreamRefusal(player.hls, feature && src === featureSrc ? session.refused : undefined);
  useResumeAtSavedPosition(player, feature && !prerolling && src === featureSrc ? src : null, {
    movieId,
    episodeId: choice.episodeId,
  });
  const episode = details.data ? episodeById(details.data, choice.episodeId) : undefined;
  const cues = usePreviewThumbnails(
    prerolling || choice.trailer ? null : (episode?.preview_vtt ?? details.data?.preview_vtt),
  );
  const frameRef = useRef<HTMLDivElement>(null);
  const rows =
    useQuery(rowsQuery({}))
      .data?.rows.filter((row) => row.items.length > 0)
      .slice(0, 3) ?? [];
  const [ended, setEnded] = useState(false);
  const [countdownCancelled, setCountdownCancelled] = useState(false);
  const prerollRef = useRef({ prerolling, finish: preroll.finish });
  prerollRef.current = { prerolling, finish: preroll.finish };

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

  if (!movieId && !sendData?.video)
    return <p className="p-10 text-center text-muted">{t('nothing_here_yet')}</p>;

  return (
    <div className="pb-10">
      <h1 className="sr-only">{details.data?.title ?? sendData?.title}</h1>
      <div
        ref={frameRef}
        className="group/player relative w-full bg-black"
        style={{ height: `min(${PLAYER_HEIGHT}px, 75dvh)` }}
        data-testid="player-frame"
        data-playing={prerolling ? 'preroll' : choice.trailer ? 'trailer' : 'feature'}
      >
        {/* biome-ignore lint/a11y/useMediaCaption: captions come as HLS subtitle tracks */}
        <video
          ref={player.videoRef}
          className="size-full"
          playsInline
          autoPlay
          data-testid="player-video"
          onClick={player.controls.toggle}
          poster={details.data?.banner?.url}
        />
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
          />
        ) : null}
        <div className="absolute inset-x-0 bottom-0">
          <PlayerToolbar
            player={player}
            frameRef={frameRef}
            cues={cues}
            prerolling={prerolling}
            onStop={() => {
              const video = player.videoRef.current;
              if (video) {
                video.pause();
                video.currentTime = 0;
              }
            }}
            onNextEpisode={nextEpisode}
            onBack={() => navigate(-1)}
          />
        </div>
        {movieId > 0 ? (
          <TrailerOverlay
            videoRef={player.videoRef}
            src={choice.src}
            trailer={choice.trailer}
            signedIn={signedIn}
            title={details.data?.title ?? sendData?.title ?? ''}
          />
        ) : null}
      </div>
      <div className="px-4 sm:px-6">
        {rows.map((row) => (
          <MiniRow
            key={row.id}
            heading={keys.has(row.key) ? t(row.key as TranslationKey) : row.title}
            items={row.items}
            onOpen={(card) => navigate(`/player?title=${card.movie_id}${card.playable ? '' : '&trailer=1'}`)}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * A feature opened on the full-page player (a reload, a shared address, Continue Watching) goes on from the
 * viewer's saved position, once per source; a finished title, or one barely started, starts from the top.
 */
function useResumeAtSavedPosition(
  player: ReturnType<typeof useVideo>,
  featureSrc: string | null,
  target: { movieId: number; episodeId: number | undefined },
) {
  const saved = useQuery({ ...progressQuery(target.movieId), enabled: featureSrc !== null }).data;
  const resumedFor = useRef<string | null>(null);
  const { videoRef, controls } = player;
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !featureSrc || !saved || resumedFor.current === featureSrc) return;
    resumedFor.current = featureSrc;
    const sameEpisode = (saved.episode_id ?? undefined) === target.episodeId;
    if (!sameEpisode || saved.finished || saved.position_seconds <= 5) return;
    const position = saved.position_seconds;
    if (video.readyState >= 1) controls.seekTo(position);
    else video.addEventListener('loadedmetadata', () => controls.seekTo(position), { once: true });
  }, [videoRef, controls, featureSrc, saved, target.episodeId]);
}
