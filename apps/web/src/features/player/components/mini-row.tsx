import type { TitleCard } from '@salomtv/contract';
import { useT } from '../../../shared/i18n/language-context';
import { ScrollRow } from '../../../shared/ui/scroll-row';

/**
 * A row of 200 px title cards (More like this, the rows under the full-page player). Its heading sits one level
 * under the page's or the popup's title: h2 below the player's h1, h3 below the popup's h2.
 */
export function MiniRow({
  heading,
  headingLevel = 3,
  items,
  onOpen,
}: {
  heading: string;
  headingLevel?: 2 | 3;
  items: TitleCard[];
  onOpen: (card: TitleCard) => void;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  if (items.length === 0) return null;
  return (
    <section className="py-3">
      <Heading className="mb-2 text-lg font-bold">{heading}</Heading>
      <ScrollRow label={heading} previousLabel={t('scroll_left')} nextLabel={t('scroll_right')}>
        {items.map((card) => {
          const image = card.thumbnail ?? card.banner;
          return (
            <li key={card.movie_id} className="w-[200px] shrink-0 snap-start">
              <button
                type="button"
                onClick={() => onOpen(card)}
                className="block w-full overflow-hidden rounded-card border border-border bg-surface text-start hover:border-muted"
              >
                {image ? (
                  <img
                    src={image.url}
                    srcSet={image.srcset}
                    sizes="200px"
                    width={200}
                    height={300}
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
    </section>
  );
}
