import type { TitleCard as Card, CatalogRow as Row, TranslationKey } from '@salomtv/contract';
import { rowHeading } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
import { type CatalogFilters, rowsQuery } from '../../../shared/api/catalog';
import { roleQuery } from '../../../shared/api/session';
import { useOpenPopup } from '../../../shared/hooks/open-title';
import { useReplacePrerenderedPage } from '../../../shared/hooks/prerendered-page';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useKeyword, useLanguage, useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { type ContinueItem, continueWatchingQuery, libraryListQuery } from '../api/library-lists';
import { Carousel } from './carousel';
import { CatalogRow } from './catalog-row';
import { HeroSlide, StatsSlide } from './hero-slides';
import { RowsPlaceholder } from './rows-placeholder';
import { KIDS_CARD_WIDTH } from './title-card';
import { useCardActions } from './use-card-actions';

/** What a Continue Watching card says of where the viewer is: "S1:E2 · 12 min left", "Up next · S1:E3". */
function useWatchingCaption() {
  const { t, plural } = useLanguage();
  return (item: ContinueItem) => {
    const code = item.episode ? fill(t('episode_code'), item.episode) : null;
    const left = item.up_next
      ? t('up_next')
      : plural('minutes_left', Math.max(1, Math.round(item.remaining_seconds / 60)));
    return item.up_next && code ? `${left} · ${code}` : code ? `${code} · ${left}` : left;
  };
}

/** A row heading: its translation key when the catalogue has it, else the server's English text. */
export function useRowHeading() {
  const t = useT();
  return (row: Pick<Row, 'key' | 'title'>) => rowHeading(row, t);
}

export const seeAllHref = (row: Pick<Row, 'see_all' | 'key'>) =>
  `/browse?${new URLSearchParams({ ...row.see_all, row: row.key })}`;

interface BrowsePageProps {
  title: TranslationKey;
  filters?: CatalogFilters;
  /**
   * Home: the hero carousel, Continue Watching, then the rows and the second carousel in the spec's order. Kids: a kids profile's
   * home, its own rows first, then the section's, with bigger art.
   */
  variant?: 'home' | 'section' | 'kids';
  /** Rows shown before the catalogue rows (e.g. the TV shows collection). */
  extraRows?: Row[];
  /** The extra rows are still loading: the page waits for them, so they do not push the others down. */
  extraRowsPending?: boolean;
  banner?: (card: Card, onPlay: (card: Card) => void) => ReactNode;
}

/** The shared layout of /home, /movies, /serials, /tvshow and /kidsection: carousels and rows of real titles. */
export function BrowsePage({
  title,
  filters = {},
  variant = 'section',
  extraRows = [],
  extraRowsPending = false,
  banner,
}: BrowsePageProps) {
  const t = useT();
  const watchingCaption = useWatchingCaption();
  useDocumentTitle(t(title));
  const heading = useRowHeading();
  const role = useQuery(roleQuery());
  const personal = Boolean(role.data) && (variant === 'home' || variant === 'kids');
  const cardWidth = variant === 'kids' ? KIDS_CARD_WIDTH : undefined;
  const lang = useKeyword();
  const rows = useQuery(rowsQuery(filters, lang));
  // The rows fill the page at once: React lays them out in slices, between the browser's own work.
  const rowsData = useDeferredValue(rows.data);
  const favourites = useQuery({ ...libraryListQuery('favourites', lang), enabled: personal });
  const continuing = useQuery({ ...continueWatchingQuery(lang), enabled: personal });
  const actions = useCardActions();
  const openPopup = useOpenPopup();
  // Every row is laid out at once, when all are here: a row that arrived later would push the others down.
  const waiting =
    rowsData === undefined ||
    role.isPending ||
    extraRowsPending ||
    (personal && (favourites.isPending || continuing.isPending));
  // The server painted /home's hero (shared/hooks/prerendered-page.ts): it stays until the rows are here, or their error.
  useReplacePrerenderedPage(!waiting || rows.isError);

  if (rows.isError)
    return (
      <div className="mx-auto max-w-xl p-6">
        <Alert tone="error">{t('something_went_wrong')}</Alert>
        <Button className="mt-4" onClick={() => rows.refetch()}>
          {t('try_again')}
        </Button>
      </div>
    );
  if (waiting || rowsData === undefined) return <RowsPlaceholder label={t('loading')} />;

  // A row the page brings itself (the TV shows collection) is not listed twice.
  const extraIds = new Set(extraRows.map((row) => row.id));
  const all = [...extraRows, ...rowsData.rows.filter((row) => !extraIds.has(row.id))].filter(
    (row) => row.items.length > 0,
  );
  const byId = new Map(all.map((row) => [row.id, row]));
  const featured = byId.get('featured')?.items ?? all[0]?.items ?? [];
  const popular = byId.get('popular')?.items ?? featured;
  const slideActions = {
    onPlay: actions.play,
    onDetails: (card: Card) => openPopup(card.movie_id),
    onTrailer: actions.trailer,
  };

  const rendered: ReactNode[] = [];
  let first = true;
  const pushRow = (row: Row, seeAll?: string | null) => {
    if (row.items.length === 0) return;
    rendered.push(
      <CatalogRow
        key={row.id}
        id={row.id}
        heading={heading(row)}
        items={row.items}
        actions={first ? actions.first : actions.other}
        seeAll={seeAll === null ? undefined : (seeAll ?? seeAllHref(row))}
        cardWidth={cardWidth}
      />,
    );
    first = false;
  };
  const used = new Set<string>();
  const take = (id: string) => {
    const row = byId.get(id);
    used.add(id);
    if (row) pushRow(row);
  };

  const favouritesRow = () =>
    pushRow(
      {
        id: 'favourites',
        key: 'your_fovourites',
        title: '',
        see_all: {},
        items: favourites.data?.items ?? [],
      },
      null,
    );
  // Continue Watching is the viewer's own row: it opens the player where each title goes on, and does not take
  // the first catalogue row's part (spec: that row's Play Now goes to /player).
  const continueRow = () => {
    const cw = continuing.data?.items ?? [];
    if (cw.length === 0) return;
    const episodes = new Map(cw.map((item) => [item.card.movie_id, item.episode_id ?? undefined]));
    rendered.push(
      <CatalogRow
        key="continue"
        id="continue"
        heading={t('continue_watching')}
        items={cw.map((item) => item.card)}
        actions={actions.resume((card) => episodes.get(card.movie_id))}
        captions={new Map(cw.map((item) => [item.card.movie_id, watchingCaption(item)]))}
        progress={new Map(cw.map((item) => [item.card.movie_id, item.percent]))}
        cardWidth={cardWidth}
      />,
    );
  };
  if (variant === 'home') {
    continueRow();
    take('genre:thriller');
    favouritesRow();
    take('featured');
  } else if (variant === 'kids') {
    continueRow();
    favouritesRow();
  }
  const upcoming = byId.get('upcoming');
  used.add('upcoming');
  const rest = all.filter((row) => !used.has(row.id));
  const firstRest = rest.slice(0, variant === 'home' ? 0 : variant === 'kids' ? rest.length : 3);
  for (const row of firstRest) pushRow(row);

  return (
    // At least a screen tall, as its placeholder: the footer never rises into view as the rows come.
    <div className="min-h-dvh pb-10" data-testid={`browse-${title}`} data-layout={variant}>
      <h1 className="sr-only">{t(title)}</h1>
      {variant === 'home' ? (
        <Carousel
          label={t('featured_movies_to_watch_now')}
          slides={featured}
          testId="hero-carousel"
          render={(card) => <HeroSlide card={card} actions={slideActions} />}
        />
      ) : (
        <Carousel
          label={t(title)}
          slides={featured}
          testId="section-carousel"
          render={(card) => <StatsSlide card={card} onWatch={slideActions.onPlay} />}
        />
      )}
      {all.length === 0 ? <p className="px-6 py-10 text-center text-muted">{t('nothing_here_yet')}</p> : null}
      {rendered}
      {banner && popular[0] ? banner(popular[0], actions.play) : null}
      {variant === 'home' ? (
        <Carousel
          label={t('watch_now')}
          slides={popular}
          testId="stats-carousel"
          render={(card) => <StatsSlide card={card} onWatch={slideActions.onPlay} />}
        />
      ) : null}
      {upcoming ? (
        <CatalogRow
          id="upcoming"
          heading={heading(upcoming)}
          items={upcoming.items}
          actions={actions.other}
          seeAll={seeAllHref(upcoming)}
          cardWidth={cardWidth}
        />
      ) : null}
      {rest.slice(firstRest.length).map((row) => (
        <CatalogRow
          key={row.id}
          id={row.id}
          heading={heading(row)}
          items={row.items}
          actions={actions.other}
          seeAll={seeAllHref(row)}
          cardWidth={cardWidth}
        />
      ))}
      {actions.prompt}
    </div>
  );
}
