import {
  type MovieListItem,
  TITLE_KINDS,
  TITLE_STATUSES,
  type TitleKind,
  type TitleStatus,
} from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../../shared/hooks/use-debounced-value';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { Pagination } from '../../../../shared/ui/pagination';
import { useToast } from '../../../../shared/ui/toast-context';
import { useCreateMovie } from '../api/create-movie';
import { useDeleteMovie } from '../api/delete-movie';
import { movieListQuery } from '../api/movie-list';
import { MovieFilters } from './movie-filters';
import { MovieRow, titleOf } from './movie-row';

const PAGE_SIZE = 20;
const COLUMNS = ['Title', 'Quality', 'Cast', 'Tags', 'Size', 'Status', 'Action'];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((item) => item === value);

/** /addmovies: All Movies, searchable and filtered on the server, with live transcode progress. */
export function MoviesListPage() {
  const [params, setParams] = useSearchParams();
  const status = oneOf<TitleStatus>(TITLE_STATUSES, params.get('status'));
  const kind = oneOf<TitleKind>(TITLE_KINDS, params.get('kind'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [search, setSearch] = useState(params.get('search') ?? '');
  const debounced = useDebouncedValue(search.trim(), 250);
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateMovie();
  const remove = useDeleteMovie();

  const update = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if ((params.get('search') ?? '') === debounced) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (debounced) next.set('search', debounced);
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, params, setParams]);

  const list = useQuery({
    ...movieListQuery({ page, pageSize: PAGE_SIZE, search: debounced, status, kind }),
    placeholderData: keepPreviousData,
  });

  const addMovie = () =>
    create.mutate(undefined, {
      onSuccess: (movie) => navigate(`/editmovies?movie_id=${movie.movie_id}`, { state: { movie } }),
    });
  const onDelete = (movie: MovieListItem) =>
    remove.mutate(movie.movie_id, { onSuccess: () => toast.show(`${titleOf(movie)} deleted`) });
  const filtered = Boolean(debounced || status || kind);

  return (
    <>
      <AdminPageHeader
        title="All Movies"
        actions={
          <Button onClick={addMovie} busy={create.isPending}>
            Add movies
          </Button>
        }
      />
      <MovieFilters
        search={search}
        status={status ?? ''}
        kind={kind ?? ''}
        onSearch={setSearch}
        onStatus={(value) => update({ status: value })}
        onKind={(value) => update({ kind: value })}
      />
      {create.isError ? (
        <div className="mb-4">
          <Alert>{create.error.message}</Alert>
        </div>
      ) : null}
      {remove.isError ? (
        <div className="mb-4">
          <Alert>{remove.error.message}</Alert>
        </div>
      ) : null}
      {list.isPending ? <LoadingState label="Loading movies…" /> : null}
      {list.isError ? (
        <div className="flex flex-col items-start gap-3">
          <Alert>{list.error.message}</Alert>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {list.data ? (
        <>
          <div
            className="overflow-x-auto rounded-card border border-border bg-surface"
            aria-busy={list.isFetching}
          >
            <table className="w-full min-w-[960px] text-start text-sm">
              <caption className="sr-only">All movies and series</caption>
              <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 text-start">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((movie) => (
                  <MovieRow
                    key={movie.movie_id}
                    movie={movie}
                    deleting={remove.isPending && remove.variables === movie.movie_id}
                    onDelete={onDelete}
                  />
                ))}
                {list.data.items.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className="px-4 py-8 text-center text-muted">
                      {filtered
                        ? 'No title matches these filters.'
                        : 'No titles yet. Add the first one with Add movies.'}
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
          <Pagination
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={(next) => update({ page: String(next) })}
          />
        </>
      ) : null}
    </>
  );
}
