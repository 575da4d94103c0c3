import type { TitleCard } from '@salomtv/contract';
import { useOpenPopup } from '../../../shared/hooks/open-title';
import { useT } from '../../../shared/i18n/language-context';
import { GROWING_CARD, ROW_GUTTER, ScrollRow } from '../../../shared/ui/scroll-row';

/** A horizontal row of real posters (the landing slider and the popular row); a poster opens its trailer. */
export function TitleRail({ id, heading, items }: { id: string; heading: string; items: TitleCard[] }) {
  const t = useT();
  const openPopup = useOpenPopup();
  return (
    <section aria-labelledby={id} className="mx-auto w-full max-w-screen-2xl py-10" data-testid={id}>
      <h2 id={id} className={`mb-3 text-2xl font-bold sm:text-3xl ${ROW_GUTTER}`}>
        {heading}
      </h2>
      {items.length === 0 ? (
        <p className={`text-muted ${ROW_GUTTER}`}>{t('nothing_here_yet')}</p>
      ) : (
        <ScrollRow label={heading} previousLabel={t('scroll_left')} nextLabel={t('scroll_right')}>
          {items.map((card) => {
            const image = card.thumbnail ?? card.banner;
            return (
              <li key={card.movie_id} className={`relative w-36 shrink-0 snap-start sm:w-44 ${GROWING_CARD}`}>
                <button
                  type="button"
                  className="block w-full overflow-hidden rounded-card border border-border bg-surface text-start hover:border-muted"
                  onClick={() => openPopup(card.movie_id, { trailer: true })}
                >
                  {image ? (
                    <img
                      src={image.url}
                      srcSet={image.srcset}
                      sizes="176px"
                      width={176}
                      height={264}
                      loading="lazy"
                      alt=""
                      className="aspect-[2/3] w-full object-cover"
                    />
                  ) : (
                    <div aria-hidden className="aspect-[2/3] w-full bg-surface-2" />
                  )}
                  <span dir="auto" className="block truncate p-2 text-sm font-semibold">
                    {card.title}
                  </span>
                </button>
              </li>
            );
          })}
        </ScrollRow>
      )}
    </section>
  );
}
