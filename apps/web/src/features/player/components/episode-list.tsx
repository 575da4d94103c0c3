import type { TitleDetails } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSignedIn } from '../../../shared/api/library';
import { useDurationFormat } from '../../../shared/i18n/format';
import { useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { PlayIcon } from '../../../shared/ui/icons';
import { progressQuery } from '../api/viewing-api';
import { savedPlace } from '../lib/saved-start';
import { seasonOf } from '../lib/what-to-play';

/** How much of an episode the viewer has watched, 0..100 (100 once finished). */
function watchedPercent(place: ReturnType<typeof savedPlace>): number {
  if (!place) return 0;
  if (place.finished) return 100;
  return place.duration_seconds > 0 ? Math.round((place.position_seconds / place.duration_seconds) * 100) : 0;
}

/**
 * A series' seasons (tabs) and their episodes, each with its still, synopsis, length and how much the viewer has
 * watched of it; choosing one plays it. The popup shows it under the details, the full player in its picker.
 */
export function EpisodeList({
  details,
  currentEpisodeId,
  onChoose,
  tone = 'page',
}: {
  details: TitleDetails;
  currentEpisodeId: number | undefined;
  onChoose: (episodeId: number) => void;
  /** `dark`: over the full player's video. */
  tone?: 'page' | 'dark';
}) {
  const t = useT();
  const duration = useDurationFormat();
  const signedIn = useSignedIn();
  const progress = useQuery({ ...progressQuery(details.movie_id), enabled: signedIn }).data;
  const [seasonId, setSeasonId] = useState(
    () =>
      (currentEpisodeId === undefined ? undefined : seasonOf(details, currentEpisodeId)?.season_id) ??
      details.seasons[0]?.season_id,
  );
  const season = details.seasons.find((s) => s.season_id === seasonId) ?? details.seasons[0];
  if (!season) return null;
  const card =
    tone === 'dark'
      ? 'border-white/20 bg-white/5 hover:border-white/60'
      : 'border-border bg-surface hover:border-muted';
  return (
    <section aria-labelledby="seasons-heading" data-testid="seasons">
      <h3 id="seasons-heading" className="mb-2 text-lg font-bold">
        {t('seasons')}
      </h3>
      <div className="mb-3 flex flex-wrap gap-2">
        {details.seasons.map((s) => (
          <button
            key={s.season_id}
            type="button"
            aria-pressed={s.season_id === season.season_id}
            onClick={() => setSeasonId(s.season_id)}
            className="rounded-full border border-border px-3 py-1 text-sm aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white"
          >
            {s.title || fill(t('season_number'), { number: s.number })}
          </button>
        ))}
      </div>
      <h4 className="sr-only">{t('episodes')}</h4>
      <ol className="flex flex-col gap-2">
        {season.episodes.map((episode) => {
          const watched = watchedPercent(savedPlace(progress, episode.episode_id));
          return (
            <li key={episode.episode_id}>
              <button
                type="button"
                disabled={!episode.playable}
                onClick={() => onChoose(episode.episode_id)}
                aria-current={episode.episode_id === currentEpisodeId}
                className={`flex w-full items-start gap-3 rounded-md border p-2 text-start disabled:opacity-60 aria-[current=true]:border-brand ${card}`}
                data-testid="episode"
                data-episode-id={episode.episode_id}
              >
                <span className="relative w-28 shrink-0 overflow-hidden rounded sm:w-36">
                  {episode.thumbnail ? (
                    <img
                      src={episode.thumbnail.url}
                      srcSet={episode.thumbnail.srcset}
                      sizes="144px"
                      alt=""
                      loading="lazy"
                      className="aspect-video w-full object-cover"
                    />
                  ) : (
                    <span aria-hidden className="block aspect-video w-full bg-surface-2" />
                  )}
                  <PlayIcon className="absolute inset-0 m-auto size-6 text-white drop-shadow" />
                  {watched > 0 ? (
                    <span
                      className="absolute inset-x-0 bottom-0 h-1 bg-white/30"
                      role="progressbar"
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={watched}
                      aria-label={fill(t('percent_watched'), { percent: watched })}
                      data-testid="episode-progress"
                    >
                      <span className="block h-full bg-brand" style={{ width: `${watched}%` }} />
                    </span>
                  ) : null}
                </span>
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="flex items-baseline gap-2">
                    <span className="font-semibold">
                      {episode.number}. <bdi>{episode.title}</bdi>
                    </span>
                    <span className="ms-auto shrink-0 text-sm opacity-75">{duration(episode.duration)}</span>
                  </span>
                  {episode.description ? (
                    <span
                      dir="auto"
                      className="line-clamp-2 text-sm opacity-80"
                      data-testid="episode-synopsis"
                    >
                      {episode.description}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
