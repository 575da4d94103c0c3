import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useLanguage } from '../../../shared/i18n/language-context';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { LoadingState } from '../../../shared/ui/loading-state';
import { newsListQuery } from '../api/news-api';
import { NewsCard } from './news-card';

const PAGE_SIZE = 12;

/** News (/news): the published posts, newest first, a page at a time. */
export function NewsPage() {
  const { t, keyword } = useLanguage();
  useDocumentTitle(t('news'));
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const news = useQuery(newsListQuery(keyword, page, PAGE_SIZE));
  const pages = news.data ? Math.max(1, Math.ceil(news.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="mx-auto w-full max-w-screen-xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold sm:text-4xl">{t('news')}</h1>
      <p className="mt-3 max-w-2xl text-muted">{t('news_intro')}</p>
      <div className="mt-8">
        {news.isPending ? <LoadingState label={t('loading')} /> : null}
        {news.isError ? <LoadFailed onRetry={() => void news.refetch()} /> : null}
        {news.data && news.data.items.length === 0 ? <p className="text-muted">{t('no_news')}</p> : null}
        {news.data && news.data.items.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={news.isFetching}>
            {news.data.items.map((post) => (
              <li key={post.post_id} className="flex">
                <NewsCard post={post} />
              </li>
            ))}
          </ul>
        ) : null}
        {pages > 1 ? (
          <nav aria-label={t('news')} className="mt-8 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">
              {t('page_of').replace('{page}', String(page)).replace('{pages}', String(pages))}
            </p>
            <div className="flex gap-2">
              {page > 1 ? (
                <Link to={`/news?page=${page - 1}`} className={buttonClasses('secondary', 'sm')}>
                  {t('previous_page')}
                </Link>
              ) : null}
              {page < pages ? (
                <Link to={`/news?page=${page + 1}`} className={buttonClasses('secondary', 'sm')}>
                  {t('next_page')}
                </Link>
              ) : null}
            </div>
          </nav>
        ) : null}
      </div>
    </div>
  );
}
