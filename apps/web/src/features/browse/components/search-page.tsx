import { type TitleCard as Card, ratingText, type SearchResult } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { searchQuery } from '../../../shared/api/catalog';
import { useOpenPopup } from '../../../shared/hooks/open-title';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useKeyword, useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { SearchIcon } from '../../../shared/ui/icons';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { LoadingState } from '../../../shared/ui/loading-state';
import { TitleCard } from './title-card';
import { useCardActions } from './use-card-actions';

/** A search address keeping the words and going to a page. */
const searchPath = (q: string, page = 1) =>
  `/search?q=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ''}`;

/**
 * Search results (/search?q=&page=): the titles whose name, genres or cast match the words (the server forgives
 * a wrong letter), with their genres and cast, a page at a time; when nothing matches it says so and offers
 * popular titles instead.
 */
export function SearchPage() {
  const t = useT();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const results = useQuery(searchQuery(q, page, useKeyword()));
  const heading = q ? fill(t('search_results_for'), { query: q }) : t('search');
  useDocumentTitle(heading);
  const data = results.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="mx-auto flex w-full max-w-screen-xl flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="break-words text-2xl font-bold sm:text-3xl">{heading}</h1>
      <SearchForm key={q} initial={q} />
      {!q ? <p className="text-muted">{t('search_hint')}</p> : null}
      {q && results.isPending ? <LoadingState label={t('loading')} /> : null}
      {results.isError ? <LoadFailed onRetry={() => void results.refetch()} /> : null}
      {data && data.total === 0 ? <NothingFound query={q} suggestions={data.suggestions} /> : null}
      {data && data.items.length > 0 ? (
        <ul className="flex flex-col gap-3" aria-busy={results.isFetching} data-testid="search-results">
          {data.items.map((item) => (
            <SearchResultRow key={item.movie_id} item={item} />
          ))}
        </ul>
      ) : null}
      {data && pages > 1 ? (
        <nav aria-label={heading} className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted">
            {fill(t('page_of'), { page: String(page), pages: String(pages) })}
          </p>
          <div className="flex gap-2">
            {page > 1 ? (
              <Link to={searchPath(q, page - 1)} className={buttonClasses('secondary', 'sm')}>
                {t('previous_page')}
              </Link>
            ) : null}
            {page < pages ? (
              <Link to={searchPath(q, page + 1)} className={buttonClasses('secondary', 'sm')}>
                {t('next_page')}
              </Link>
            ) : null}
          </div>
        </nav>
      ) : null}
    </div>
  );
}

/** The words on the page itself, so a phone without the header's panel open can search again. */
function SearchForm({ initial }: { initial: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) navigate(searchPath(text.trim()));
  };
  return (
    <search>
      <form onSubmit={submit} className="flex max-w-xl gap-2">
        <input
          type="search"
          name="q"
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('search_placeholder')}
          aria-label={t('search')}
          className="min-w-0 flex-1 rounded-md border border-border bg-surface px-3 py-2"
        />
        <button type="submit" className={buttonClasses('primary', 'md')} aria-label={t('search')}>
          <SearchIcon className="size-5" />
        </button>
      </form>
    </search>
  );
}

/** One result: poster, title (opens the popup), year and genres, cast. */
function SearchResultRow({ item }: { item: SearchResult }) {
  const t = useT();
  const openPopup = useOpenPopup();
  const image = item.thumbnail;
  return (
    <li className="flex gap-4 rounded-card border border-border bg-surface p-3" data-testid="search-result">
      {image ? (
        <img
          src={image.url}
          srcSet={image.srcset ?? undefined}
          sizes="96px"
          alt=""
          width={96}
          height={136}
          loading="lazy"
          className="h-[136px] w-24 shrink-0 rounded object-cover"
        />
      ) : (
        <span className="h-[136px] w-24 shrink-0 rounded bg-surface-2" />
      )}
      <div className="flex min-w-0 flex-col gap-1.5">
        <h2 className="text-lg font-semibold">
          <button
            type="button"
            onClick={() => openPopup(item.movie_id)}
            className="text-start underline-offset-4 hover:underline"
          >
            <bdi>{item.title}</bdi>
          </button>
        </h2>
        <p className="text-sm text-muted">
          {[item.year, ratingText(item.age_rating, t)].filter(Boolean).join(' · ')}
          {item.genres.length ? (
            <>
              {item.year || item.age_rating ? ' · ' : ''}
              <span className="sr-only">{t('genres')}: </span>
              <bdi>{item.genres.join(', ')}</bdi>
            </>
          ) : null}
        </p>
        {item.cast.length ? (
          <p className="text-sm">
            <span className="text-muted">{t('cast')}: </span>
            <bdi>{item.cast.join(', ')}</bdi>
          </p>
        ) : null}
        {item.summary ? (
          <p dir="auto" className="line-clamp-2 text-sm text-text/80">
            {item.summary}
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** No title matched: say so, and offer the popular ones. */
function NothingFound({ query, suggestions }: { query: string; suggestions: Card[] }) {
  const t = useT();
  const actions = useCardActions();
  return (
    <section aria-labelledby="search-suggestions" className="flex flex-col gap-4" data-testid="search-empty">
      <p role="status">
        {suggestions.length > 0 ? fill(t('search_nothing_found'), { query }) : t('no_results')}
      </p>
      {suggestions.length > 0 ? (
        <>
          <h2 id="search-suggestions" className="text-xl font-bold">
            {t('popuplar_movies_and_shows')}
          </h2>
          <ul className="grid grid-cols-[repeat(auto-fill,200px)] justify-center gap-4 sm:justify-start">
            {suggestions.map((card) => (
              <TitleCard key={card.movie_id} card={card} actions={actions.other} />
            ))}
          </ul>
        </>
      ) : null}
      {actions.prompt}
    </section>
  );
}
