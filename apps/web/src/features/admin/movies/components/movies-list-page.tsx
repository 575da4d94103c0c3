import {
  type MovieListItem,
  TITLE_KINDS,
  TITLE_STATUSES,
  type TitleKind,
  type TitleStatus,
} from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useListParams, useSearchParamText } from '../../../../shared/hooks/use-list-params';
import { AdminPageHeader } from '../../../../shared/ui/admin-page-header';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { ListQueryState, ListTable } from '../../../../shared/ui/list-table';
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
  const { params, page, update } = useListParams();
  const status = oneOf<TitleStatus>(TITLE_STATUSES, params.get('status'));
  const kind = oneOf<TitleKind>(TITLE_KINDS, params.get('kind'));
  const { search, setSearch, debounced } = useSearchParamText(250);
  const navigate = useNavigate();
  const toast = useToast();
  const create = useCreateMovie();
  const remove = useDeleteMovie();

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
      <ListQueryState query={list} loadingLabel="Loading movies…" retry />
      {list.data ? (
        <>
          <ListTable
            columns={COLUMNS}
            minWidth="min-w-[960px]"
            caption="All movies and series"
            busy={list.isFetching}
            empty={
              list.data.items.length === 0
                ? filtered
                  ? 'No title matches these filters.'
                  : 'No titles yet. Add the first one with Add movies.'
                : null
            }
          >
            {list.data.items.map((movie) => (
              <MovieRow
                key={movie.movie_id}
                movie={movie}
                deleting={remove.isPending && remove.variables === movie.movie_id}
                onDelete={onDelete}
              />
            ))}
          </ListTable>
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onPage={(next) => update({ page: String(next) })}
          />
        </>
      ) : null}
    </>
  );
}
