import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { roleQuery } from '../../../shared/api/session';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useKeyword, useT } from '../../../shared/i18n/language-context';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { libraryListQuery } from '../api/library-lists';
import { Carousel } from './carousel';
import { StatsSlide } from './hero-slides';
import { CardsPlaceholder } from './rows-placeholder';
import { TitleCard } from './title-card';
import { useCardActions } from './use-card-actions';

/** Watch list (/watchlist): the viewer's saved titles, or an empty state that points to browsing. */
export function WatchListPage() {
  const t = useT();
  useDocumentTitle(t('watch_list'));
  const role = useQuery(roleQuery());
  const signedIn = Boolean(role.data);
  const list = useQuery({ ...libraryListQuery('watchlist', useKeyword()), enabled: signedIn });
  const actions = useCardActions();
  // The heading comes first and the rest waits for the list in space of its size, so nothing moves when it comes
  // (the page is at least a screen tall: the footer never rises into view).
  const waiting = role.isPending || (signedIn && list.isPending);
  const items = list.data?.items ?? [];
  return (
    <div className="min-h-dvh pb-10" data-testid="watchlist-page">
      <h1 id="watchlist-heading" className="px-4 pt-6 pb-4 text-2xl font-bold sm:px-6 sm:text-3xl">
        {t('watch_list')}
      </h1>
      {waiting ? (
        <>
          <div role="status" className="sr-only">
            {t('loading')}
          </div>
          <div aria-hidden className="min-h-[24rem] bg-surface sm:min-h-[30rem]" />
          <div className="px-4 py-6 sm:px-6">
            <CardsPlaceholder />
          </div>
        </>
      ) : items.length ? (
        <Carousel
          label={t('watch_list')}
          slides={items}
          render={(card) => <StatsSlide card={card} onWatch={actions.other.onPlay} />}
        />
      ) : null}
      <section className="px-4 py-6 sm:px-6" aria-labelledby="watchlist-heading" hidden={waiting}>
        {items.length === 0 ? (
          <div className="flex flex-col items-start gap-4 rounded-card border border-dashed border-border p-8">
            <p className="text-muted">{t('watch_list_empty')}</p>
            <Link to={signedIn ? '/home' : '/signin'} className={buttonClasses('primary', 'md')}>
              {signedIn ? t('browse_titles') : t('sign_in')}
            </Link>
          </div>
        ) : (
          <ul
            className="grid grid-cols-[repeat(auto-fill,200px)] justify-center gap-4 sm:justify-start"
            aria-label={t('watch_list')}
          >
            {items.map((card) => (
              <TitleCard key={card.movie_id} card={card} actions={actions.other} />
            ))}
          </ul>
        )}
      </section>
      {actions.prompt}
    </div>
  );
}
