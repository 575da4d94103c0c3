import { type TitleCard as Card, type HeroTexts, heroTextsOf, viewsText } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ratingsQuery } from '../../../shared/api/library';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { PlayIcon, StarIcon } from '../../../shared/ui/icons';

interface SlideActions {
  onPlay: (card: Card) => void;
  onDetails: (card: Card) => void;
  onTrailer: (card: Card) => void;
}

/** A hero slide: title, age rating, duration, description, Play Now, More Details, Watch Trailer. */
export function HeroSlide({ card, actions }: { card: Card; actions: SlideActions }) {
  const { keyword, t } = useLanguage();
  return (
    <HeroSlideView
      texts={heroTextsOf(card, htmlLangOf(keyword), t)}
      hasTrailer={card.has_trailer}
      onPlay={() => actions.onPlay(card)}
      onDetails={() => actions.onDetails(card)}
      onTrailer={() => actions.onTrailer(card)}
    />
  );
}

/** The slide from its texts: also the server's first paint of /home (app/prerender/page-shells.tsx). */
export function HeroSlideView({
  texts,
  hasTrailer,
  onPlay,
  onDetails,
  onTrailer,
}: {
  texts: HeroTexts;
  hasTrailer: boolean;
  onPlay?: () => void;
  onDetails?: () => void;
  onTrailer?: () => void;
}) {
  const { t } = useLanguage();
  return (
    <>
      <h2 dir="auto" className="max-w-2xl text-3xl font-extrabold sm:text-5xl">
        {texts.title}
      </h2>
      <p className="flex flex-wrap items-center gap-3 text-sm text-muted">
        {/* Always rendered (the server paints this slide from it); hidden while a title has no rating. */}
        <span className="rounded border border-border px-1.5 py-0.5 text-text empty:hidden">
          {texts.age_rating}
        </span>
        {texts.runtime ? <span>{texts.runtime}</span> : null}
        {texts.year ? <span>{texts.year}</span> : null}
        {texts.genres ? <bdi>{texts.genres}</bdi> : null}
      </p>
      {texts.summary ? (
        <p dir="auto" className="line-clamp-3 max-w-xl text-base text-text/90">
          {texts.summary}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClasses('primary', 'lg')} onClick={onPlay}>
          <PlayIcon className="size-5" />
          {t('play_now')}
        </button>
        <button type="button" className={buttonClasses('secondary', 'lg')} onClick={onDetails}>
          {t('more_details')}
        </button>
        {hasTrailer ? (
          <button type="button" className={buttonClasses('ghost', 'lg')} onClick={onTrailer}>
            {t('watch_trailer')}
          </button>
        ) : null}
      </div>
    </>
  );
}

/** The second carousel's slide (and a browse section's): title, view count, average star rating, Watch Now. */
export function StatsSlide({ card, onWatch }: { card: Card; onWatch: (card: Card) => void }) {
  const { plural, keyword } = useLanguage();
  const ratings = useQuery(ratingsQuery(card.movie_id)).data;
  return (
    <StatsSlideView
      title={card.title}
      views={viewsText(plural, card.view_count, keyword)}
      rating={
        ratings?.count && ratings.average != null ? (
          <span className="inline-flex items-center gap-1">
            <StarIcon filled className="size-4 text-focus" />
            {ratings.average.toFixed(1)} ({plural('ratings_count', ratings.count)})
          </span>
        ) : null
      }
      onWatch={() => onWatch(card)}
    />
  );
}

/** The slide from its texts: also the server's first paint of a browse section (app/prerender/page-shells.tsx). */
export function StatsSlideView({
  title,
  views,
  rating,
  onWatch,
}: {
  title: string;
  views: string;
  rating?: ReactNode;
  onWatch?: () => void;
}) {
  const { t } = useLanguage();
  return (
    <>
      <h2 className="max-w-2xl text-3xl font-extrabold sm:text-4xl">{title}</h2>
      <p className="flex flex-wrap items-center gap-4 text-sm text-muted">
        <span>{views}</span>
        {rating}
      </p>
      <div>
        <button type="button" className={buttonClasses('primary', 'lg')} onClick={onWatch}>
          <PlayIcon className="size-5" />
          {t('watch_now')}
        </button>
      </div>
    </>
  );
}
