import { useEffect, useState } from 'react';
import { useCountdown } from '../../../shared/hooks/use-countdown';
import { useLanguage } from '../../../shared/i18n/language-context';

/** Seconds between the end of an episode and the start of the next one. */
export const NEXT_EPISODE_COUNTDOWN_SECONDS = 10;

/**
 * At the end of an episode: the next one with a countdown that plays it, Play now, and Cancel (which leaves
 * the viewer on the finished episode, with the toolbar's Next episode still there). A profile that turned
 * autoplay off gets no countdown: the next episode waits for Play now.
 */
export function NextEpisodeCountdown({
  title,
  onPlay,
  onCancel,
  autoPlay = true,
}: {
  title: string;
  onPlay: () => void;
  onCancel: () => void;
  autoPlay?: boolean;
}) {
  const { t, plural } = useLanguage();
  const [until] = useState(() => Date.now() + NEXT_EPISODE_COUNTDOWN_SECONDS * 1000);
  const left = useCountdown(until);
  useEffect(() => {
    if (autoPlay && left === 0) onPlay();
  }, [autoPlay, left, onPlay]);
  return (
    <section
      className="absolute inset-x-2 bottom-14 z-10 flex flex-col gap-2 rounded-lg bg-black/85 p-3 text-white shadow-xl @lg:inset-x-auto @lg:end-4 @lg:bottom-28 @lg:max-w-sm @lg:gap-3 @lg:p-4"
      aria-label={t('next_episode')}
      data-testid="next-episode"
    >
      <p className="text-sm text-white/80" role="status">
        {autoPlay ? plural('next_episode_in', left) : t('next_episode')}
      </p>
      <p className="font-semibold">{title}</p>
      <div className="flex gap-2">
        <button
          type="button"
          className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:opacity-90"
          onClick={onPlay}
        >
          {t('play_now')}
        </button>
        <button
          type="button"
          className="rounded-md border border-white/60 px-4 py-2 text-white hover:bg-white/10"
          onClick={onCancel}
        >
          {t('cancel')}
        </button>
      </div>
    </section>
  );
}
