import type { TitleDetails } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { similarQuery } from '../../../shared/api/catalog';
import { useTitleLists } from '../../../shared/api/library';
import { useOpenPopup } from '../../../shared/hooks/open-title';
import { useDurationFormat } from '../../../shared/i18n/format';
import { useKeyword, useT } from '../../../shared/i18n/language-context';
import { Button } from '../../../shared/ui/button';
import { CheckIcon, HeartIcon, PlusIcon } from '../../../shared/ui/icons';
import { qualityBadge } from '../lib/quality-badge';
import { useIdleControls } from '../lib/use-idle-controls';
import { useTitlePlayer } from '../lib/use-title-player';
import { choosePlayback } from '../lib/what-to-play';
import { GateNotice } from './gate-notice';
import { MiniRow } from './mini-row';
import { PlayerControls } from './player-controls';
import { PrerollOverlay } from './preroll-overlay';
import { SeasonList } from './season-list';
import { StarRating } from './star-rating';
import { TrailerOverlay } from './trailer-overlay';

const chip = 'rounded-full border border-border bg-surface-2 px-3 py-1 text-xs';

/**
 * The popup player (spec viewer 8): the video with the player's controls, going on from the viewer's saved
 * position (with Start over), and the title's details below.
 */
export function PopupPlayer({ details }: { details: TitleDetails }) {
  const t = useT();
  const duration = useDurationFormat();
  const [params, setParams] = useSearchParams();
  const lists = useTitleLists(details.movie_id);
  const openPopup = useOpenPopup();
  const episodeParam = Number(params.get('episode')) || undefined;
  const choice = choosePlayback(details, {
    trailer: params.get('trailer') === '1',
    signedIn: lists.signedIn,
    episodeId: episodeParam,
  });
  const {
    feature,
    session,
    gate,
    preroll,
    prerolling,
    player,
    playingFeature,
    startOver,
    castTarget,
    rememberAudio,
  } = useTitlePlayer(details.movie_id, choice, details.title);
  const { videoRef, controls } = player;
  const frameRef = useRef<HTMLDivElement>(null);
  const visible = useIdleControls(frameRef, player.state.playing);
  const finishPreroll = useRef(() => {});
  finishPreroll.current = prerolling ? preroll.finish : () => {};
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onEnded = () => finishPreroll.current();
    video.addEventListener('ended', onEnded);
    return () => video.removeEventListener('ended', onEnded);
  }, [videoRef]);
  const similar = useQuery(similarQuery(details.movie_id, useKeyword())).data?.items ?? [];
  const quality = qualityBadge({
    title: details.quality,
    renditionHeights: playingFeature ? (player.hls?.levels ?? []).map((level) => level.height) : [],
    maxHeight: gate.state === 'ok' ? gate.maxHeight : undefined,
  });
  const poster = details.poster ?? details.banner ?? details.thumbnail;
  // A tap on the video while the controls are hidden only shows them (a mouse click plays or pauses).
  const tapWakes = useRef(false);

  const chooseEpisode = (episodeId: number) =>
    setParams(
      (current) => {
        current.set('episode', String(episodeId));
        current.delete('trailer');
        return current;
      },
      { replace: true, state: { popup: true } },
    );

  return (
    <div data-testid="popup-content" data-trailer={choice.trailer ? 'true' : 'false'}>
      <div
        ref={frameRef}
        className={`relative aspect-video max-h-[60dvh] w-full bg-black ${visible ? '' : 'cursor-none'}`}
        data-menu-boundary
      >
        {/* biome-ignore lint/a11y/useMediaCaption: captions come as HLS subtitle tracks, drawn by SubtitleBox */}
        <video
          ref={videoRef}
          className="absolute inset-0 size-full object-contain"
          playsInline
          poster={poster?.url}
          data-testid="popup-video"
          onPointerDown={(event) => {
            tapWakes.current = event.pointerType !== 'mouse' && !visible;
          }}
          onClick={() => {
            if (!tapWakes.current) controls.toggle();
          }}
        />
        {feature && gate.state !== 'ok' && gate.state !== 'starting' ? (
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
        {!choice.src ? (
          lists.signedIn ? (
            <p className="absolute inset-0 flex items-center justify-center bg-black/70 p-4 text-center text-white">
              {t('not_playable_yet')}
            </p>
          ) : null
        ) : (
          <PlayerControls
            player={player}
            frameRef={frameRef}
            visible={visible}
            cues={[]}
            prerolling={prerolling}
            shortcuts={false}
            onStartOver={startOver}
            castTarget={castTarget}
            onAudioChosen={rememberAudio}
          />
        )}
        <TrailerOverlay
          videoRef={videoRef}
          src={choice.src}
          trailer={choice.trailer}
          signedIn={lists.signedIn}
          title={details.title}
        />
      </div>

      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <h2 dir="auto" className="text-2xl font-extrabold sm:text-3xl">
          {details.title}
        </h2>
        {details.tagline ? (
          <p dir="auto" className="-mt-2 text-lg text-text/80 italic" data-testid="tagline">
            {details.tagline}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
          <StarRating movieId={details.movie_id} />
          {details.age_rating ? (
            <span className="rounded border border-border px-1.5 text-text">{details.age_rating}</span>
          ) : null}
          {details.duration ? <span>{duration(details.duration)}</span> : null}
          {quality ? (
            <span className="rounded bg-surface-2 px-1.5 font-semibold text-text" data-testid="quality">
              {quality}
            </span>
          ) : null}
          {details.year ? <span>{details.year}</span> : null}
        </div>
        {details.genres.length ? (
          <ul className="flex flex-wrap gap-2" aria-label={t('genres')}>
            {details.genres.map((genre) => (
              <li key={genre} dir="auto" className={chip}>
                {genre}
              </li>
            ))}
          </ul>
        ) : null}
        {details.summary ? (
          <p dir="auto" className="max-w-3xl text-text/90">
            {details.summary}
          </p>
        ) : null}
        {lists.signedIn ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant={lists.inFavourites ? 'primary' : 'secondary'}
              onClick={lists.toggleFavourite}
              aria-pressed={lists.inFavourites}
            >
              <HeartIcon filled={lists.inFavourites} className="size-4" />
              {lists.inFavourites ? t('remove_from_favourites') : t('add_to_favourites')}
            </Button>
            <Button variant="secondary" onClick={lists.toggleWatchlist} aria-pressed={lists.inWatchlist}>
              {lists.inWatchlist ? <CheckIcon className="size-4" /> : <PlusIcon className="size-4" />}
              {lists.inWatchlist ? t('remove_from_watch_list') : t('add_to_watch_list')}
            </Button>
          </div>
        ) : null}
        {details.cast.length ? (
          <p className="text-sm">
            <span className="text-muted">{t('cast')}: </span>
            <bdi>{details.cast.join(', ')}</bdi>
          </p>
        ) : null}
        {details.kind === 'series' ? (
          <SeasonList details={details} currentEpisodeId={choice.episodeId} onChoose={chooseEpisode} />
        ) : null}
        <MiniRow heading={t('more_like_this')} items={similar} onOpen={(card) => openPopup(card.movie_id)} />
      </div>
    </div>
  );
}
