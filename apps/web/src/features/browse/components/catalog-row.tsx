import type { TitleCard as Card } from '@salomtv/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../shared/i18n/language-context';
import { ROW_GUTTER, ScrollRow } from '../../../shared/ui/scroll-row';
import { CARD_WIDTH, type CardActions, TitleCard } from './title-card';

interface CatalogRowProps {
  id: string;
  heading: string;
  items: Card[];
  actions: CardActions;
  /** The "see all" page; none for the viewer's own rows without a grid. */
  seeAll?: string;
  captions?: Map<number, string>;
  /** How much of each title the viewer has watched, 0..100 (Continue Watching). */
  progress?: Map<number, number>;
  /** Bigger cards (a kids profile's home). */
  cardWidth?: number;
}

/** Cards a row shows at first: one more than the screen's width holds (three on a phone, eight at 1440 px). */
export function firstCards(screenWidth: number, cardWidth = CARD_WIDTH): number {
  return Math.max(2, Math.ceil(screenWidth / (cardWidth + 12)) + 1);
}

/** A row's section (its spacing), shared with the server's first paint of a browse section. */
export const ROW_SECTION = 'py-4';
/**
 * Rows off screen are not styled, laid out or painted until the viewer nears them: a page of fifteen rows starts
 * with the work of one or two. Their place is held at a row's usual content height (cards have a fixed width, so
 * it is the same on every screen), then at the height they last had.
 */
const ROW_RENDERED_NEAR_SCREEN = '[content-visibility:auto] [contain-intrinsic-size:auto_26.5rem]';

/** A row's heading with its see all link: in each row, and alone on the server's first paint of a browse section. */
export function RowHeading({ id, heading, seeAll }: { id?: string; heading: string; seeAll?: string }) {
  const t = useT();
  return (
    <div className={`mb-1 flex items-baseline justify-between gap-4 ${ROW_GUTTER}`}>
      <h2 id={id} className="text-xl font-bold sm:text-2xl">
        {heading}
      </h2>
      {seeAll ? (
        <Link
          to={seeAll}
          className="shrink-0 py-1 text-sm font-medium whitespace-nowrap text-muted hover:text-text"
        >
          {t('see_all')}
          <span className="sr-only">: {heading}</span>
        </Link>
      ) : null}
    </div>
  );
}

/**
 * One titled row of cards with see all and left/right handles. The cards past the first few come when the viewer
 * reaches for the row (pointer, touch or keyboard): a page of rows then starts without rendering every card.
 */
export function CatalogRow({
  id,
  heading,
  items,
  actions,
  seeAll,
  captions,
  progress,
  cardWidth,
}: CatalogRowProps) {
  const t = useT();
  const [first] = useState(() => firstCards(window.innerWidth, cardWidth));
  const [whole, setWhole] = useState(items.length <= first);
  const showAll = () => setWhole(true);
  const shown = whole ? items : items.slice(0, first);
  const headingId = `row-${id.replace(/[^a-z0-9-]/gi, '-')}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`${ROW_SECTION} ${ROW_RENDERED_NEAR_SCREEN}`}
      data-testid={`row-${id}`}
      onPointerEnter={whole ? undefined : showAll}
      onTouchStart={whole ? undefined : showAll}
      onFocus={whole ? undefined : showAll}
    >
      <RowHeading id={headingId} heading={heading} seeAll={seeAll} />
      <ScrollRow label={heading} previousLabel={t('scroll_left')} nextLabel={t('scroll_right')}>
        {shown.map((card) => (
          <TitleCard
            key={card.movie_id}
            card={card}
            actions={actions}
            caption={captions?.get(card.movie_id)}
            progress={progress?.get(card.movie_id)}
            width={cardWidth}
          />
        ))}
      </ScrollRow>
    </section>
  );
}
