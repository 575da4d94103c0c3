import { type TranslationKey, translationKeyNames } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { rowsQuery, titleQuery } from '../../../shared/catalog/catalog-api';
import type { PlayerState } from '../../../shared/catalog/open-title';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useT } from '../../../shared/i18n/language-context';
import { useSignedIn } from '../../../shared/library/library-api';
import { usePlaybackSession } from '../lib/playback-session';
import { useVideo } from '../lib/use-video';
import { choosePlayback } from '../lib/what-to-play';
import { GateNotice } from './gate-notice';
import { MiniRow } from './mini-row';
import { PlayerToolbar } from './player-toolbar';

/** The spec's player frame height (px). */
export const PLAYER_HEIGHT = 750;
const keys = new Set<string>(translationKeyNames);

/**
 * The full-page player (spec viewer 9): plays `sendData.video` from navigation state, or the title named by
 * `?title=` (so a reload keeps playing); custom controls, keyboard, and rows of titles below.
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
  const { gate, stopOther } = usePlaybackSession(movieId, feature);
  const src = feature ? (gate.state === 'ok' ? choice.src : null) : choice.src;
  const player = useVideo({
    src,
    autoPlay: true,
    progress: feature ? { movieId, episodeId: choice.episodeId } : null,
  });
  const frameRef = useRef<HTMLDivElement>(null);
  const rows =
    useQuery(rowsQuery({}))
      .data?.rows.filter((row) => row.items.length > 0)
      .slice(0, 3) ?? [];
  const [ended, setEnded] = useState(false);

  useEffect(() => {
    const video = player.videoRef.current;
    if (!video) return;
    const onEnded = () => setEnded(true);
    const onPlay = () => setEnded(false);
    video.addEventListener('ended', onEnded);
    video.addEventListener('play', onPlay);
    return () => {
      video.removeEventListener('ended', onEnded);
      video.removeEventListener('play', onPlay);
    };
  }, [player.videoRef]);

  const nextEpisode = choice.nextEpisodeId
    ? () =>
        setParams(
          (current) => {
            current.set('episode', String(choice.nextEpisodeId));
            return current;
          },
          { replace: true },
        )
    : undefined;

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
            <GateNotice gate={gate} onStop={(id) => void stopOther(id)} />
          </div>
        ) : null}
        {ended && nextEpisode ? (
          <div className="absolute end-4 bottom-24">
            <button
              type="button"
              className="rounded-md bg-brand px-4 py-2 font-semibold text-white"
              onClick={nextEpisode}
            >
              {t('next_episode')}
            </button>
          </div>
        ) : null}
        <div className="absolute inset-x-0 bottom-0">
          <PlayerToolbar
            player={player}
            frameRef={frameRef}
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
