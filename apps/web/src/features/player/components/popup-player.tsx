import type { TitleDetails } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { similarQuery } from '../../../shared/catalog/catalog-api';
import { formatRuntime } from '../../../shared/catalog/format';
import { useOpenPopup } from '../../../shared/catalog/open-title';
import { useT } from '../../../shared/i18n/language-context';
import { progressQuery, useTitleLists } from '../../../shared/library/library-api';
import { Button } from '../../../shared/ui/button';
import { CheckIcon, HeartIcon, PlusIcon } from '../../../shared/ui/icons';
import { qualityLabel } from '../lib/attach-source';
import { usePreroll } from '../lib/house-trailer';
import { usePlaybackSession, withPlayback } from '../lib/playback-session';
import { useStreamRefusal } from '../lib/stream-refusal';
import { useVideo } from '../lib/use-video';
import { choosePlayback } from '../lib/what-to-play';
import { GateNotice } from './gate-notice';
import { MiniRow } from './mini-row';
import { PrerollOverlay } from './preroll-overlay';
import { SeasonList } from './season-list';
import { StarRating } from './star-rating';
import { TrailerOverlay } from './trailer-overlay';
import { VideoControls } from './video-controls';

const chip = 'rounded-full border border-border bg-surface-2 px-3 py-1 text-xs';
const iconButton =
  'inline-flex size-10 items-center justify-center rounded-full border border-white/40 text-white hover:border-white aria-pressed:border-brand aria-pressed:text-brand-strong';

/** The popup player (spec viewer 8): the video with its controls and the title's details below. */
export function PopupPlayer({ details }: { details: TitleDetails }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const lists = useTitleLists(details.movie_id);
  const openPopup = useOpenPopup();
  const episodeParam = Number(params.get('episode')) || undefined;
  const choice = choosePlayback(details, {
    trailer: params.get('trailer') === '1',
    signedIn: lists.signedIn,
    episodeId: episodeParam,
  });
  const feature = Boolean(choice.src) && !choice.trailer;
  const session = usePlaybackSession(details.movie_id, feature);
  const { gate } = session;
  const saved = useQuery({ ...progressQuery(details.movie_id), enabled: feature }).data;
  const granted = gate.state === 'ok';
  const preroll = usePreroll(details.movie_id, feature ? (granted ? gate.preroll : undefined) : false);
  const prerolling = preroll.phase === 'playing';
  const featureSrc =
    feature && choice.src ? (granted ? withPlayback(choice.src, gate.playbackId) : null) : choice.src;
  const src = preroll.trailer ? preroll.trailer.src : preroll.phase === 'done' ? featureSrc : null;
  const { videoRef, state, controls, hls } = useVideo({
    src,
    autoPlay: true,
    progress: feature && !prerolling ? { movieId: details.movie_id, episodeId: choice.episodeId } : null,
  });
  // Stopped from another device: the feature's stream is refused, and the player drops it.
  useStreamRefusal(hls, feature && src === featureSrc ? session.refused : undefined);
  const finishPreroll = useRef(() => {});
  finishPreroll.current = prerolling ? preroll.finish : () => {};
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onEnded = () => finishPreroll.current();
    video.addEventListener('ended', onEnded);
    return () => video.removeEventListener('ended', onEnded);
  }, [videoRef]);
  const similar = useQuery(similarQuery(details.movie_id)).data?.items ?? [];
  const quality = qualityLabel(gate.state === 'ok' ? gate.maxHeight : undefined) ?? details.quality;
  const canResume =
    feature &&
    !prerolling &&
    saved &&
    !saved.finished &&
    saved.position_seconds > 5 &&
    (saved.episode_id ?? undefined) === choice.episodeId &&
    state.currentTime < saved.position_seconds - 5;
  const poster = details.poster ?? details.banner ?? details.thumbnail;

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
      <div className="relative aspect-video max-h-[60dvh] w-full bg-black">
        {/* biome-ignore lint/a11y/useMediaCaption: captions come as HLS subtitle tracks */}
        <video
          ref={videoRef}
          className="size-full"
          playsInline
          poster={poster?.url}
          data-testid="popup-video"
          onClick={controls.toggle}
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
        {!choice.src && lists.signedIn ? (
          <p className="absolute inset-0 flex items-center justify-center bg-black/70 p-4 text-center text-white">
            {t('not_playable_yet')}
          </p>
        ) : null}
        <div className="absolute inset-x-0 bottom-0">
          <VideoControls state={state} controls={controls} seekable={!prerolling}>
            {canResume && saved ? (
              <Button
                size="sm"
                onClick={() => {
                  controls.seekTo(saved.position_seconds);
                  if (!state.playing) controls.toggle();
                }}
              >
                {t('resume')}
              </Button>
            ) : null}
            {lists.signedIn ? (
              <>
                <button
                  type="button"
                  className={iconButton}
                  aria-pressed={lists.inFavourites}
                  aria-label={lists.inFavourites ? t('remove_from_favourites') : t('add_to_favourites')}
                  onClick={lists.toggleFavourite}
                >
                  <HeartIcon filled={lists.inFavourites} />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  aria-pressed={lists.inWatchlist}
                  aria-label={lists.inWatchlist ? t('remove_from_watch_list') : t('add_to_watch_list')}
                  onClick={lists.toggleWatchlist}
                >
                  {lists.inWatchlist ? <CheckIcon /> : <PlusIcon />}
                </button>
              </>
            ) : null}
          </VideoControls>
        </div>
        <TrailerOverlay
          videoRef={videoRef}
          src={choice.src}
          trailer={choice.trailer}
          signedIn={lists.signedIn}
          title={details.title}
        />
      </div>

      <div className="flex flex-col gap-4 p-4 sm:p-6">
        <h2 className="text-2xl font-extrabold sm:text-3xl">{details.title}</h2>
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
          <StarRating movieId={details.movie_id} />
          {details.age_rating ? (
            <span className="rounded border border-border px-1.5 text-text">{details.age_rating}</span>
          ) : null}
          {details.duration ? <span>{formatRuntime(details.duration)}</span> : null}
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
              <li key={genre} className={chip}>
                {genre}
              </li>
            ))}
          </ul>
        ) : null}
        {details.summary ? <p className="max-w-3xl text-text/90">{details.summary}</p> : null}
        {lists.signedIn ? (
          <div>
            <Button
              variant={lists.inFavourites ? 'primary' : 'secondary'}
              onClick={lists.toggleFavourite}
              aria-pressed={lists.inFavourites}
            >
              <HeartIcon filled={lists.inFavourites} className="size-4" />
              {lists.inFavourites ? t('remove_from_favourites') : t('add_to_favourites')}
            </Button>
          </div>
        ) : null}
        {details.cast.length ? (
          <p className="text-sm">
            <span className="text-muted">{t('cast')}: </span>
            {details.cast.join(', ')}
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
