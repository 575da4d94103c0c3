import type { TitleDetails } from '@salomtv/contract';
import { useState } from 'react';
import { useDurationFormat } from '../../../shared/i18n/format';
import { useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { PlayIcon } from '../../../shared/ui/icons';

/** A series' seasons (tabs) and their episodes; choosing one plays it. */
export function SeasonList({
  details,
  currentEpisodeId,
  onChoose,
}: {
  details: TitleDetails;
  currentEpisodeId: number | undefined;
  onChoose: (episodeId: number) => void;
}) {
  const t = useT();
  const duration = useDurationFormat();
  const [seasonId, setSeasonId] = useState(details.seasons[0]?.season_id);
  const season = details.seasons.find((s) => s.season_id === seasonId) ?? details.seasons[0];
  if (!season) return null;
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
        {season.episodes.map((episode) => (
          <li key={episode.episode_id}>
            <button
              type="button"
              disabled={!episode.playable}
              onClick={() => onChoose(episode.episode_id)}
              aria-current={episode.episode_id === currentEpisodeId}
              className="flex w-full items-center gap-3 rounded-md border border-border bg-surface p-3 text-start hover:border-muted disabled:opacity-60 aria-[current=true]:border-brand"
            >
              <PlayIcon className="size-4 shrink-0" />
              <span className="font-semibold">
                {episode.number}. <bdi>{episode.title}</bdi>
              </span>
              <span className="ms-auto text-sm text-muted">{duration(episode.duration)}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
