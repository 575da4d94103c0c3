import { type TitleCard as Card, PAINTED_SECTIONS } from '@salomtv/contract';
import { browseFilters } from '../../../shared/api/catalog';
import { useOpenPopup } from '../../../shared/hooks/open-title';
import { useT } from '../../../shared/i18n/language-context';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { PlayIcon } from '../../../shared/ui/icons';
import { BrowsePage } from './browse-page';

/** The series banner (the spec's Vikings banner): Play Now goes to /player. */
export function SeriesBanner({ card, onPlay }: { card: Card; onPlay: (card: Card) => void }) {
  const t = useT();
  const openPopup = useOpenPopup();
  // The banner only: a poster carries the title as art, and the heading below says it.
  const image = card.banner;
  return (
    <section
      aria-label={card.title}
      className="relative isolate mx-4 my-6 overflow-hidden rounded-card border border-border sm:mx-6"
      data-testid="series-banner"
    >
      {image ? (
        <img
          src={image.url}
          srcSet={image.srcset}
          sizes="100vw"
          width={image.width}
          height={image.height}
          loading="lazy"
          alt=""
          className="absolute inset-0 -z-10 size-full object-cover opacity-50"
        />
      ) : (
        <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-r from-brand/30 to-surface" />
      )}
      <div className="flex flex-col gap-3 p-6 sm:p-10">
        <h2 dir="auto" className="text-2xl font-extrabold sm:text-4xl">
          {card.title}
        </h2>
        {card.summary ? (
          <p dir="auto" className="line-clamp-2 max-w-xl text-text/90">
            {card.summary}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="button" className={buttonClasses('primary', 'md')} onClick={() => onPlay(card)}>
            <PlayIcon className="size-4" />
            {t('play_now')}
          </button>
          <button
            type="button"
            className={buttonClasses('secondary', 'md')}
            onClick={() => openPopup(card.movie_id)}
          >
            {t('episodes')}
          </button>
        </div>
      </div>
    </section>
  );
}

/** Serials (/serials, spec viewer 7): series rows and the series banner. */
export function SerialsPage() {
  return (
    <BrowsePage
      title={PAINTED_SECTIONS['/serials'].title}
      filters={browseFilters.series}
      banner={(card, onPlay) => <SeriesBanner card={card} onPlay={onPlay} />}
    />
  );
}
