import { type TranslationKey, translationKeyNames } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { rowsQuery, titleQuery } from '../../../shared/api/catalog';
import { useSignedIn } from '../../../shared/api/library';
import type { PlayerState } from '../../../shared/hooks/open-title';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useKeyword, useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { CloseIcon } from '../../../shared/ui/icons';
import { useEpisodeToOpen } from '../lib/episode-to-open';
import { useTitlePlayer } from '../lib/use-title-player';
import { choosePlayback, episodeById, NOTHING_TO_PLAY, seasonOf } from '../lib/what-to-play';
import { EpisodeList } from './episode-list';
import { MiniRow } from './mini-row';
import { BackIcon, EpisodesIcon } from './player-icons';
import { PlayerShell } from './player-shell';

const keys = new Set<string>(translationKeyNames);

/**
 * The full-page player (spec viewer 9), a place of its own: the video fills the window (on a phone held upright,
 * its width), with a back arrow, the title and episode (and a series' episode picker) over it and the controls
 * below, all fading while it plays; rows of titles follow further down. Plays `sendData.video` from navigation
 * state, or the title named by `?title=` (so a reload keeps playing); a series opens on `?episode=`, else on the
 * episode the viewer goes on with.
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
  const title = details.data?.title ?? sendData?.title ?? '';
  useDocumentTitle(title || undefined);
  const asked = Number(params.get('episode')) || undefined;
  const trailer = params.get('trailer') === '1' || Boolean(sendData?.trailer);
  const opening = useEpisodeToOpen(details.data, signedIn, asked);
  // A film handed over by its card plays at once; a series waits for its details and the viewer's progress.
  const handedFilm = sendData?.kind === 'movie' || trailer;
  const choice = details.data
    ? opening.ready
      ? choosePlayback(details.data, { trailer, signedIn, episodeId: opening.episodeId })
      : NOTHING_TO_PLAY
    : handedFilm
      ? { src: sendData?.video ?? null, trailer, episodeId: undefined, nextEpisodeId: undefined }
      : NOTHING_TO_PLAY;
  const playback = useTitlePlayer(movieId, choice, title);
  const episode = details.data ? episodeById(details.data, choice.episodeId) : undefined;
  const season = details.data && episode ? seasonOf(details.data, episode.episode_id) : undefined;
  const [picking, setPicking] = useState(false);
  const rows =
    useQuery(rowsQuery({}, lang))
      .data?.rows.filter((row) => row.items.length > 0)
      .slice(0, 3) ?? [];

  const chooseEpisode = useCallback(
    (episodeId: number) => {
      setPicking(false);
      setParams(
        (current) => {
          current.set('episode', String(episodeId));
          current.delete('trailer');
          return current;
        },
        { replace: true, state: location.state },
      );
    },
    [setParams, location.state],
  );
  // The episode opened is written into the address: a reload or a later save of progress keeps it.
  useEffect(() => {
    if (asked === undefined && !trailer && choice.episodeId !== undefined) chooseEpisode(choice.episodeId);
  }, [asked, trailer, choice.episodeId, chooseEpisode]);
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

  const series = details.data?.kind === 'series' ? details.data : undefined;
  const heading = (visible: boolean) => (
    <div
      className={`absolute inset-x-0 top-0 z-10 flex items-start gap-2 bg-gradient-to-b from-black/80 to-transparent p-2 pb-10 text-white transition-opacity duration-300 sm:gap-3 sm:p-5 sm:pb-16 ${
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
      <div className="min-w-0 flex-1 pt-1.5 sm:pt-1">
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
      {series ? (
        <button
          type="button"
          onClick={() => setPicking(true)}
          aria-label={t('episodes')}
          aria-expanded={picking}
          className="inline-flex h-10 shrink-0 items-center gap-2 rounded-full px-3 hover:bg-white/15"
          data-testid="episode-picker"
        >
          <EpisodesIcon className="size-6" />
          <span className="max-sm:sr-only">{t('episodes')}</span>
        </button>
      ) : null}
    </div>
  );

  return (
    <div className="bg-black">
      <div className="relative">
        <PlayerShell
          playback={playback}
          movieId={movieId}
          details={details.data}
          choice={choice}
          title={title}
          signedIn={signedIn}
          frameClassName="h-dvh w-full portrait:aspect-video portrait:h-auto portrait:max-h-dvh"
          videoTestId="player-video"
          heading={heading}
          onEpisode={chooseEpisode}
          onOpenTitle={(id) => navigate(`/player?title=${id}`)}
        />
        {series && picking ? (
          <aside
            className="absolute inset-y-0 end-0 z-20 flex w-full max-w-md flex-col gap-3 overflow-y-auto bg-black/95 p-4 text-white"
            aria-label={t('episodes')}
            data-testid="episode-panel"
          >
            <button
              type="button"
              onClick={() => setPicking(false)}
              aria-label={t('close')}
              className="inline-flex size-10 items-center justify-center self-end rounded-full hover:bg-white/15"
            >
              <CloseIcon />
            </button>
            <EpisodeList
              details={series}
              currentEpisodeId={choice.episodeId}
              onChoose={chooseEpisode}
              tone="dark"
            />
          </aside>
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
