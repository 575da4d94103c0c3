import type { TranslationKey } from '@salomtv/contract';
import { translationKeyNames } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { listQuery } from '../../../shared/api/catalog';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useKeyword, useT } from '../../../shared/i18n/language-context';
import { Button } from '../../../shared/ui/button';
import { LoadingState } from '../../../shared/ui/loading-state';
import { TitleCard } from './title-card';
import { useCardActions } from './use-card-actions';

const FILTERS = ['kind', 'genre', 'collection', 'kids', 'featured', 'upcoming', 'order'] as const;
const keys = new Set<string>(translationKeyNames);

/** "See all" of a row (/browse?genre=thriller&row=tv_thrillers): a paged grid of the row's titles. */
export function BrowseGridPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const row = params.get('row') ?? '';
  const heading = keys.has(row) ? t(row as TranslationKey) : t('browse_titles');
  useDocumentTitle(heading);
  const page = Number(params.get('page') ?? '1') || 1;
  const filters: Record<string, string> = { page: String(page), pageSize: '24' };
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const list = useQuery(listQuery(filters, useKeyword()));
  const actions = useCardActions();
  const setPage = (next: number) =>
    setParams((current) => {
      current.set('page', String(next));
      return current;
    });
  return (
    <section className="px-4 py-8 sm:px-6" aria-labelledby="grid-heading">
      <h1 id="grid-heading" className="mb-6 text-2xl font-bold sm:text-3xl">
        {heading}
      </h1>
      {list.isPending ? (
        <LoadingState label={t('loading')} />
      ) : list.isError ? (
        <Button onClick={() => list.refetch()}>{t('try_again')}</Button>
      ) : list.data.items.length === 0 ? (
        <p className="text-muted">{t('nothing_here_yet')}</p>
      ) : (
        <>
          <ul className="grid grid-cols-[repeat(auto-fill,200px)] justify-center gap-4 sm:justify-start">
            {list.data.items.map((card) => (
              <TitleCard key={card.movie_id} card={card} actions={actions.other} />
            ))}
          </ul>
          {list.data.total > list.data.page * list.data.pageSize || page > 1 ? (
            <div className="mt-6 flex gap-3">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                ‹ {t('scroll_left')}
              </Button>
              <Button
                variant="secondary"
                disabled={list.data.total <= list.data.page * list.data.pageSize}
                onClick={() => setPage(page + 1)}
              >
                {t('scroll_right')} ›
              </Button>
            </div>
          ) : null}
        </>
      )}
      {actions.prompt}
    </section>
  );
}
