import { ratingText, type TitleDetails } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { similarQuery } from '../../../shared/api/catalog';
import { useTitleLists } from '../../../shared/api/library';
import { useOpenPopup } from '../../../shared/hooks/open-title';
import { useDurationFormat } from '../../../shared/i18n/format';
import { useKeyword, useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { Button } from '../../../shared/ui/button';
import { CheckIcon, HeartIcon, PlusIcon } from '../../../shared/ui/icons';
import { progressQuery } from '../api/viewing-api';
import { useEpisodeToOpen } from '../lib/episode-to-open';
import { qualityBadge } from '../lib/quality-badge';
import { resumePosition } from '../lib/saved-start';
import { useTitlePlayer } from '../lib/use-title-player';
import { choosePlayback, episodeById, NOTHING_TO_PLAY, seasonOf } from '../lib/what-to-play';
import { EpisodeList } from './episode-list';
import { MiniRow } from './mini-row';
import { PlayerShell } from './player-shell';
import { StarRating } from './star-rating';
import { TitlePreview } from './title-preview';

const chip = 'rounded-full border border-border bg-surface-2 px-3 py-1 text-xs';

/**
 * The popup (spec viewer 8): the title's details over a muted preview; the viewer's Play starts the title in the
 * player (from their saved position, the episode they go on with), a chosen episode plays at once, and the full
 * player is a button away.
 */
export function PopupPlayer({ details }: { details: TitleDetails }) {
  const t = useT();
  const duration = useDurationFormat();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const lists = useTitleLists(details.movie_id);
  const { signedIn } = lists;
  const openPopup = useOpenPopup();
  const trailer = params.get('trailer') === '1';
  const asked = Number(params.get('episode')) || undefined;
  // Details open on the preview; Play (a card's Play Now, Watch Trailer, an episode) starts the player.
  const [playing, setPlaying] = useState(trailer || params.get('play') === '1');
  const opening = useEpisodeToOpen(details, signedIn, asked);
  const choice = choosePlayback(details, { trailer, signedIn, episodeId: opening.episodeId });
  const playback = useTitlePlayer(
    details.movie_id,
    playing && opening.ready ? choice : NOTHING_TO_PLAY,
    details.title,
  );
  const saved = useQuery({ ...progressQuery(details.movie_id), enabled: signedIn }).data;
  const similar = useQuery(similarQuery(details.movie_id, useKeyword())).data?.items ?? [];
  const quality = qualityBadge({
    title: details.quality,
    renditionHeights: playback.playingFeature
      ? (playback.player.hls?.levels ?? []).map((level) => level.height)
      : [],
    maxHeight: playback.gate.state === 'ok' ? playback.gate.maxHeight : undefined,
  });
  const episode = episodeById(details, choice.episodeId);
  const season = episode ? seasonOf(details, episode.episode_id) : undefined;

  const setEpisodeParam = (episodeId: number) =>
    setParams(
      (current) => {
        current.set('episode', String(episodeId));
        current.delete('trailer');
        return current;
      },
      { replace: true, state: { popup: true } },
    );
  const chooseEpisode = (episodeId: number) => {
    setEpisodeParam(episodeId);
    setPlaying(true);
  };
  const play = () => {
    // The episode chosen now stays while it plays (progress saved meanwhile does not move it).
    if (choice.episodeId !== undefined && asked === undefined) setEpisodeParam(choice.episodeId);
    setPlaying(true);
  };
  const openFullPlayer = () => {
    const search = new URLSearchParams({ title: String(details.movie_id) });
    if (choice.episodeId !== undefined) search.set('episode', String(choice.episodeId));
    if (choice.trailer) search.set('trailer', '1');
    navigate(`/player?${search}`, { replace: true });
  };
  const resumeAt = choice.trailer ? 0 : resumePosition(saved, choice.episodeId);
  const playLabel = choice.trailer ? t('watch_trailer') : resumeAt > 0 ? t('resume') : t('play');
  const playDetail =
    episode && season
      ? fill(t('episode_code'), { season: season.number, number: episode.number })
      : undefined;

  return (
    <div
      data-testid="popup-content"
      data-trailer={choice.trailer ? 'true' : 'false'}
      data-mode={playing ? 'playing' : 'details'}
    >
      {playing ? (
        opening.ready ? (
          <PlayerShell
            playback={playback}
            movieId={details.movie_id}
            details={details}
            choice={choice}
            title={details.title}
            signedIn={signedIn}
            frameClassName="aspect-video max-h-[60dvh] w-full"
            videoTestId="popup-video"
            onEpisode={chooseEpisode}
            onOpenTitle={(movieId) => openPopup(movieId)}
            onOpenFullPlayer={choice.src ? openFullPlayer : undefined}
          />
        ) : (
          <div className="aspect-video max-h-[60dvh] w-full bg-black" aria-busy="true" />
        )
      ) : (
        <TitlePreview
          details={details}
          playLabel={playLabel}
          playDetail={playDetail}
          onPlay={play}
          onOpenFullPlayer={choice.src && opening.ready ? openFullPlayer : undefined}
        />
      )}

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
            <span className="rounded border border-border px-1.5 text-text">
              {ratingText(details.age_rating, t)}
            </span>
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
          <EpisodeList details={details} currentEpisodeId={choice.episodeId} onChoose={chooseEpisode} />
        ) : null}
        <MiniRow heading={t('more_like_this')} items={similar} onOpen={(card) => openPopup(card.movie_id)} />
      </div>
    </div>
  );
}
